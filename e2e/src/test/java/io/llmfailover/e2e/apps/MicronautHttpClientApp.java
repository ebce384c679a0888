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
import io.micronaut.http.client.HttpClientConfiguration;
import io.micronaut.http.client.StreamingHttpClient;
import io.micronaut.http.client.exceptions.HttpClientResponseException;
import io.micronaut.http.client.sse.SseClient;
import java.io.Closeable;
import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiConsumer;
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
 * and {@code dataStream}, whose chunks it reads as they arrive. With {@value #EVENT_STREAM_PROPERTY} it
 * streams as an SSE client does, its request accepting {@code text/event-stream}, by the call the
 * property names. Args: see {@link AppArgs}.
 */
public final class MicronautHttpClientApp {

    /** {@code true}: {@code retrieve} and {@code dataStream}, which give the app the body and not the response. */
    public static final String BODY_ONLY_PROPERTY = "e2e.micronaut.body-only";

    /**
     * {@code exchangeStream}, {@code dataStream} or {@code eventStream}: the call the app streams with,
     * its request accepting {@code text/event-stream}; Micronaut then hands the first two one line of
     * the stream per chunk, its line break removed, and the third one event at a time.
     */
    public static final String EVENT_STREAM_PROPERTY = "e2e.micronaut.event-stream";

    private static final int MAX_ANSWER_BYTES = 16 * 1024 * 1024;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final StreamingHttpClient http;
    private final URL server;
    private final HttpClientConfiguration configuration;
    private final AppArgs app;

    private MicronautHttpClientApp(StreamingHttpClient http, URL server, HttpClientConfiguration configuration, AppArgs app) {
        this.http = http;
        this.server = server;
        this.configuration = configuration;
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
        URL server = new URL(base.getScheme() + "://" + base.getAuthority());
        try (StreamingHttpClient http = StreamingHttpClient.create(server, configuration)) {
            MicronautHttpClientApp micronautApp = new MicronautHttpClientApp(http, server, configuration, app);
            app.plan().run(micronautApp::call);
        }
        Report.done();
    }

    private void call(int number) throws IOException {
        MutableHttpRequest<Object> request = HttpRequest.POST(app.baseUrl() + "/chat/completions", body())
                .contentType(MediaType.APPLICATION_JSON_TYPE)
                .header("Authorization", "Bearer " + app.apiKey());
        AppArgs.routeHeader(request::header);
        String acceptingEvents = System.getProperty(EVENT_STREAM_PROPERTY);
        try {
            if (acceptingEvents != null && app.streaming()) {
                acceptingEvents(number, request.accept(MediaType.TEXT_EVENT_STREAM_TYPE), acceptingEvents);
            } else if (Boolean.getBoolean(BODY_ONLY_PROPERTY)) {
                bodyOnly(number, request);
            } else if (app.streaming()) {
                exchangeStream(number, request, EventStreamLines::feed);
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
        dataStream(number, request, EventStreamLines::feed);
    }

    /** An SSE client's stream: each chunk one line of the stream, or, by {@code eventStream}, each item an event's data. */
    private void acceptingEvents(int number, MutableHttpRequest<Object> request, String call) throws IOException {
        switch (call) {
            case "exchangeStream" -> exchangeStream(number, request, EventStreamLines::line);
            case "dataStream" -> dataStream(number, request, EventStreamLines::line);
            case "eventStream" -> eventStream(number, request);
            default -> throw new IllegalArgumentException(EVENT_STREAM_PROPERTY + "=" + call);
        }
    }

    /** Each chunk's bytes are copied as it arrives: Micronaut releases its buffer right after. */
    private void exchangeStream(int number, MutableHttpRequest<Object> request, BiConsumer<EventStreamLines, byte[]> reader) {
        EventStreamLines events = new EventStreamLines(number);
        AtomicReference<String> provider = new AtomicReference<>();
        AtomicInteger status = new AtomicInteger(200);
        Flux.from(http.exchangeStream(request, Argument.of(String.class)))
                .doOnNext(chunk -> {
                    status.set(chunk.code());
                    provider.compareAndSet(null, chunk.getHeaders().get(ChatExchange.PROVIDER_HEADER));
                    ByteBuffer<?> body = chunk.body();
                    if (body != null) {
                        reader.accept(events, body.toByteArray());
                    }
                })
                .blockLast(Duration.ofSeconds(60));
        VertxReplies.reportStream(number, status.get(), provider.get(), events);
    }

    /** Micronaut's SSE client, made as an app makes it: each event's data, its lines joined. */
    private void eventStream(int number, MutableHttpRequest<Object> request) throws IOException {
        SseClient sse = SseClient.create(server, configuration);
        try {
            EventStreamLines events = new EventStreamLines(number);
            Flux.from(sse.eventStream(request))
                    .doOnNext(event -> events.event(event.getData().toByteArray()))
                    .blockLast(Duration.ofSeconds(60));
            VertxReplies.reportStream(number, 200, null, events);
        } finally {
            if (sse instanceof Closeable closeable) {
                closeable.close();
            }
        }
    }

    private void dataStream(int number, MutableHttpRequest<Object> request, BiConsumer<EventStreamLines, byte[]> reader) {
        EventStreamLines events = new EventStreamLines(number);
        Flux.from(http.dataStream(request))
                .doOnNext(chunk -> reader.accept(events, chunk.toByteArray()))
                .blockLast(Duration.ofSeconds(60));
        VertxReplies.reportStream(number, 200, null, events);
    }
}
