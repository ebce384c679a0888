package io.llmfailover.e2e.apps;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.micronaut.core.io.buffer.ByteBuffer;
import io.micronaut.core.type.Argument;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpRequest;
import io.micronaut.http.client.DefaultHttpClientConfiguration;
import io.micronaut.http.client.StreamingHttpClient;
import io.micronaut.http.client.exceptions.HttpClientResponseException;
import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import reactor.core.publisher.Flux;

/**
 * An ordinary app that calls an OpenAI-compatible endpoint with Micronaut 4's HTTP client, made
 * without an application context ({@code StreamingHttpClient.create}). Blocking:
 * {@code toBlocking().exchange(request, String.class)} of a request whose body is a {@code Map} that
 * Micronaut's JSON codec writes; streaming: {@code exchangeStream} of a request whose body is the JSON
 * text, each chunk reported as it arrives. An error status is Micronaut's {@code HttpClientResponseException},
 * whose status and body the app reports. It allows answers of several megabytes and a read timeout
 * of 30 s, as an app that expects long generations would. With {@value #BODY_ONLY_PROPERTY}{@code =true}
 * it takes the calls that hand over the body alone: {@code toBlocking().retrieve(request, String.class)},
 * and {@code dataStream}, whose chunks it reads as they arrive. Args: see {@link AppArgs}.
 */
public final class MicronautHttpClientApp {

    /** {@code true}: {@code retrieve} and {@code dataStream}, which give the app the body and not the response. */
    public static final String BODY_ONLY_PROPERTY = "e2e.micronaut.body-only";

    private static final int MAX_ANSWER_BYTES = 16 * 1024 * 1024;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final StreamingHttpClient http;
    private final AppArgs app;

    private MicronautHttpClientApp(StreamingHttpClient http, AppArgs app) {
        this.http = http;
        this.app = app;
    }

    public static void main(String[] args) throws Exception {
        AppArgs app = AppArgs.parse(args);
        DefaultHttpClientConfiguration configuration = new DefaultHttpClientConfiguration();
        configuration.setReadTimeout(Duration.ofSeconds(30));
        configuration.setMaxContentLength(MAX_ANSWER_BYTES);
        if (app.followsRedirects()) {
            configuration.setFollowRedirects(true); // follow-redirects, Micronaut's default, set all the same
        }
        URI base = URI.create(app.baseUrl());
        try (StreamingHttpClient http = StreamingHttpClient.create(new URL(base.getScheme() + "://" + base.getAuthority()), configuration)) {
            MicronautHttpClientApp micronautApp = new MicronautHttpClientApp(http, app);
            app.plan().run(micronautApp::call);
        }
        Report.done();
    }

    private void call(int number) throws IOException {
        MutableHttpRequest<Object> request = HttpRequest.POST(app.baseUrl() + "/chat/completions", body())
                .contentType(MediaType.APPLICATION_JSON_TYPE)
                .header("Authorization", "Bearer " + app.apiKey());
        AppArgs.routeHeader(request::header);
        try {
            if (Boolean.getBoolean(BODY_ONLY_PROPERTY)) {
                bodyOnly(number, request);
            } else if (app.streaming()) {
                stream(number, request);
            } else {
                HttpResponse<String> response = http.toBlocking().exchange(request, String.class);
                Report.result(number, response.code(), response.getHeaders().get(ChatExchange.PROVIDER_HEADER),
                        ContentField.in(response.getBody().orElse("")));
            }
        } catch (HttpClientResponseException e) {
            Report.error(number, "HttpStatus", String.valueOf(e.code()), null, e.getResponse().getBody(String.class).orElse(""));
        } catch (RuntimeException e) {
            ChatExchange.reportFailure(number, e);
        }
    }

    /**
     * Blocking, the request is an object that Micronaut's JSON codec writes (a {@code Map}, as an app
     * that builds its JSON would hand it over); streaming, the JSON text as it is.
     */
    private Object body() throws IOException {
        String json = ChatExchange.requestBody(app.streaming());
        return app.streaming() ? json : JSON.readValue(json, new TypeReference<LinkedHashMap<String, Object>>() {});
    }

    /** The body alone: a status or a provider is not the app's to see, an error status is the exception. */
    private void bodyOnly(int number, MutableHttpRequest<Object> request) {
        if (!app.streaming()) {
            String body = http.toBlocking().retrieve(request, String.class);
            Report.result(number, 200, null, ContentField.in(body));
            return;
        }
        EventStreamLines events = new EventStreamLines(number);
        Flux.from(http.dataStream(request))
                .doOnNext(chunk -> events.feed(chunk.toByteArray()))
                .blockLast(Duration.ofSeconds(60));
        VertxReplies.reportStream(number, 200, null, events);
    }

    /** Each chunk's bytes are copied as it arrives: Micronaut releases its buffer right after. */
    private void stream(int number, MutableHttpRequest<Object> request) {
        EventStreamLines events = new EventStreamLines(number);
        AtomicReference<String> provider = new AtomicReference<>();
        AtomicInteger status = new AtomicInteger(200);
        Flux.from(http.exchangeStream(request, Argument.of(String.class)))
                .doOnNext(chunk -> {
                    status.set(chunk.code());
                    provider.compareAndSet(null, chunk.getHeaders().get(ChatExchange.PROVIDER_HEADER));
                    ByteBuffer<?> body = chunk.body();
                    if (body != null) {
                        events.feed(body.toByteArray());
                    }
                })
                .blockLast(Duration.ofSeconds(60));
        VertxReplies.reportStream(number, status.get(), provider.get(), events);
    }
}
