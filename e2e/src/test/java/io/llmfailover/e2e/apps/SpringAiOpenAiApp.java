package io.llmfailover.e2e.apps;

import java.io.InputStream;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.ai.openai.api.OpenAiApi;
import org.springframework.ai.retry.NonTransientAiException;
import org.springframework.ai.retry.TransientAiException;
import org.springframework.ai.openai.api.OpenAiApi.ChatCompletion;
import org.springframework.ai.openai.api.OpenAiApi.ChatCompletionChunk;
import org.springframework.ai.openai.api.OpenAiApi.ChatCompletionMessage;
import org.springframework.ai.openai.api.OpenAiApi.ChatCompletionMessage.Role;
import org.springframework.ai.openai.api.OpenAiApi.ChatCompletionRequest;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.HttpClientBuilder;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.springframework.core.io.AbstractResource;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.client.ClientHttpRequestFactory;
import org.springframework.http.client.HttpComponentsClientHttpRequestFactory;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.http.client.MultipartBodyBuilder;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.util.MultiValueMap;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestClientResponseException;
import org.springframework.web.reactive.function.BodyInserters;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.reactive.function.client.WebClientResponseException;
import reactor.core.publisher.Flux;

/**
 * An ordinary app on Spring AI's OpenAI client, built the way Spring AI builds it: blocking calls go
 * through a {@code RestClient} (over Apache HttpClient 5 or the JDK client), streaming ones through a {@code WebClient} (Reactor Netty). No Spring
 * Boot, no retry template: each call is one request the agent sees. In mode {@code upload}, a
 * file upload through a plain {@code RestClient} or {@code WebClient}. Args: see {@link AppArgs}.
 */
public final class SpringAiOpenAiApp {

    /** The system property that picks the RestClient's request factory. */
    public static final String FACTORY_PROPERTY = "e2e.spring.request-factory";

    /** The system property that picks mode {@code upload}'s client: {@code restclient} (default) or {@code webclient}. */
    public static final String UPLOAD_CLIENT_PROPERTY = "e2e.spring.upload-client";

    private final OpenAiApi api;

    private SpringAiOpenAiApp(OpenAiApi api) {
        this.api = api;
    }

    public static void main(String[] args) throws Exception {
        run(args);
        System.exit(0); // Reactor Netty's event loop threads are not daemons
    }

    /** The {@code x-llm-route} header when a test names a route, for every request the app makes. */
    private static MultiValueMap<String, String> routeHeaders() {
        MultiValueMap<String, String> headers = new LinkedMultiValueMap<>();
        AppArgs.routeHeader(headers::add);
        return headers;
    }

    /** The app's calls, without ending the JVM: for a host that runs it more than once. */
    public static void run(String[] args) throws Exception {
        AppArgs app = AppArgs.parse(args);
        if (app.uploading()) {
            app.plan().run(number -> upload(app, number));
            Report.done();
            return;
        }
        // Spring AI's base URL is the host; it adds /v1/chat/completions itself.
        String root = app.baseUrl().replaceFirst("/v1$", "");
        RestClient.Builder restClient = RestClient.builder().requestFactory(requestFactory(app.followsRedirects()));
        OpenAiApi.Builder api = OpenAiApi.builder().baseUrl(root).apiKey(app.apiKey()).restClientBuilder(restClient)
                .headers(routeHeaders());
        if (app.followsRedirects()) {
            api.webClientBuilder(WebClient.builder().clientConnector(
                    new ReactorClientHttpConnector(reactor.netty.http.client.HttpClient.create().followRedirect(true))));
        }
        SpringAiOpenAiApp springApp = new SpringAiOpenAiApp(api.build());
        app.plan().run(number -> springApp.call(number, app.streaming()));
        Report.done();
    }

    /**
     * Apache HttpClient 5, as Spring picks it from this class path, with its own retries off: they
     * would retry the agent's attempts on 429 and 503 (see the README's Clients and SDKs). Or, with
     * {@value #FACTORY_PROPERTY}{@code =jdk}, the JDK {@code HttpClient}, as Spring picks it when
     * Apache is absent.
     *
     * @param followRedirects the JDK client's {@code Redirect.ALWAYS} rather than its default
     *     {@code NEVER}; Apache's redirects, on by default, are switched on all the same
     *     ({@code setRedirectsEnabled(true)}); the WebClient's Reactor Netty gets {@code followRedirect(true)}
     */
    private static ClientHttpRequestFactory requestFactory(boolean followRedirects) {
        if ("jdk".equals(System.getProperty(FACTORY_PROPERTY))) {
            return followRedirects
                    ? new JdkClientHttpRequestFactory(HttpClient.newBuilder().followRedirects(HttpClient.Redirect.ALWAYS).build())
                    : new JdkClientHttpRequestFactory();
        }
        HttpClientBuilder apache = HttpClients.custom().disableAutomaticRetries();
        if (followRedirects) {
            apache.setDefaultRequestConfig(RequestConfig.custom().setRedirectsEnabled(true).build());
        }
        return new HttpComponentsClientHttpRequestFactory(apache.build());
    }

    /**
     * A multipart upload the way a Spring app writes one, beside its Spring AI client: a
     * {@code RestClient} (on the request factory {@value #FACTORY_PROPERTY} picks) posting a form
     * whose file part is a {@code Resource}, or a {@code WebClient} whose file part is a
     * {@code Flux<DataBuffer>}. Either streams the file when nothing in between buffers it.
     */
    private static void upload(AppArgs app, int number) {
        try {
            ResponseEntity<String> response = "webclient".equals(System.getProperty(UPLOAD_CLIENT_PROPERTY))
                    ? uploadWithWebClient(app)
                    : uploadWithRestClient(app);
            ChatExchange.reportUpload(number, response.getStatusCode().value(), String.valueOf(response.getBody()));
        } catch (RestClientResponseException e) {
            ChatExchange.reportUpload(number, e.getStatusCode().value(), e.getResponseBodyAsString());
        } catch (WebClientResponseException e) {
            ChatExchange.reportUpload(number, e.getStatusCode().value(), e.getResponseBodyAsString());
        } catch (RuntimeException e) {
            Report.error(number, e);
        }
    }

    private static ResponseEntity<String> uploadWithRestClient(AppArgs app) {
        MultiValueMap<String, Object> form = new LinkedMultiValueMap<>();
        form.add(GeneratedUpload.PART_NAME, new GeneratedResource());
        return RestClient.builder().requestFactory(requestFactory(app.followsRedirects())).build()
                .post()
                .uri(app.filesUrl())
                .header("Authorization", "Bearer " + app.apiKey())
                .headers(headers -> headers.addAll(routeHeaders()))
                .contentType(MediaType.MULTIPART_FORM_DATA)
                .body(form)
                .retrieve()
                .toEntity(String.class);
    }

    private static ResponseEntity<String> uploadWithWebClient(AppArgs app) {
        MultipartBodyBuilder form = new MultipartBodyBuilder();
        Flux<DataBuffer> file = DataBufferUtils.readInputStream(GeneratedUpload::content,
                DefaultDataBufferFactory.sharedInstance, 64 * 1024);
        form.asyncPart(GeneratedUpload.PART_NAME, file, DataBuffer.class)
                .filename(GeneratedUpload.FILENAME)
                .contentType(MediaType.APPLICATION_OCTET_STREAM);
        return WebClient.create()
                .post()
                .uri(app.filesUrl())
                .header("Authorization", "Bearer " + app.apiKey())
                .headers(headers -> headers.addAll(routeHeaders()))
                .body(BodyInserters.fromMultipartData(form.build()))
                .retrieve()
                .toEntity(String.class)
                .block(Duration.ofSeconds(60));
    }

    /** The generated file as a Spring resource of known length, read once, like a file's. */
    private static final class GeneratedResource extends AbstractResource {
        @Override
        public InputStream getInputStream() {
            return GeneratedUpload.content();
        }

        @Override
        public long contentLength() {
            return GeneratedUpload.SIZE;
        }

        @Override
        public String getFilename() {
            return GeneratedUpload.FILENAME;
        }

        @Override
        public String getDescription() {
            return "generated upload of " + GeneratedUpload.SIZE + " bytes";
        }
    }

    private void call(int number, boolean streaming) {
        try {
            if (streaming) {
                stream(number);
            } else {
                complete(number);
            }
        } catch (WebClientResponseException e) {
            Report.error(number, e.getClass().getSimpleName(), String.valueOf(e.getStatusCode().value()), null,
                    e.getResponseBodyAsString());
        } catch (NonTransientAiException | TransientAiException e) {
            // Spring AI's error handler puts the status first in the message: "400 - {body}".
            String message = String.valueOf(e.getMessage());
            Report.error(number, e.getClass().getSimpleName(), message.split(" ", 2)[0], null, message);
        } catch (RuntimeException e) {
            Report.error(number, e);
        }
    }

    private void complete(int number) {
        ChatCompletion completion = api.chatCompletionEntity(request(false)).getBody();
        Report.result(number, 200, null, completion.choices().get(0).message().content());
    }

    private void stream(int number) {
        StringBuilder content = new StringBuilder();
        AtomicInteger index = new AtomicInteger();
        api.chatCompletionStream(request(true))
                .flatMapIterable(ChatCompletionChunk::choices)
                .mapNotNull(choice -> choice.delta() == null ? null : choice.delta().content())
                .doOnNext(text -> {
                    Report.chunk(number, index.getAndIncrement(), text);
                    content.append(text);
                })
                .blockLast();
        Report.result(number, 200, null, content.toString());
    }

    private static ChatCompletionRequest request(boolean stream) {
        ChatCompletionMessage prompt = new ChatCompletionMessage(ChatExchange.prompt(), Role.USER);
        return new ChatCompletionRequest(List.of(prompt), "gpt-4o", (Double) null, stream);
    }
}
