package io.llmfailover.e2e.apps;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.jetty.client.HttpClient;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.client.reactive.JettyClientHttpConnector;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * An ordinary Spring app whose {@code WebClient} sends through Jetty 12's {@link HttpClient}
 * ({@link JettyClientHttpConnector}): the whole answer when blocking, each event as it arrives when
 * streaming. The agent governs these calls once, in WebClient; Jetty's adapter leaves WebClient's
 * attempts alone. Args: see {@link AppArgs}.
 */
public final class JettyWebClientApp {

    /** Room for answers of several megabytes: WebClient holds at most 256 KB by default. */
    private static final int MAX_ANSWER_BYTES = 16 * 1024 * 1024;
    private static final Duration WAIT = Duration.ofSeconds(30);

    private final WebClient web;
    private final AppArgs app;

    private JettyWebClientApp(WebClient web, AppArgs app) {
        this.web = web;
        this.app = app;
    }

    public static void main(String[] args) throws Exception {
        AppArgs app = AppArgs.parse(args);
        HttpClient http = new HttpClient();
        if (app.followsRedirects()) {
            http.setFollowRedirects(true); // Jetty's default, set all the same
        }
        http.start();
        try {
            WebClient web = WebClient.builder()
                    .clientConnector(new JettyClientHttpConnector(http))
                    .codecs(codecs -> codecs.defaultCodecs().maxInMemorySize(MAX_ANSWER_BYTES))
                    .build();
            JettyWebClientApp webApp = new JettyWebClientApp(web, app);
            app.plan().run(webApp::call);
        } finally {
            http.stop();
        }
        Report.done();
    }

    private void call(int number) {
        WebClient.RequestHeadersSpec<?> request = web.post()
                .uri(app.baseUrl() + "/chat/completions")
                .header("Authorization", "Bearer " + app.apiKey())
                .headers(headers -> AppArgs.routeHeader(headers::add))
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(ChatExchange.requestBody(app.streaming()));
        try {
            if (app.streaming()) {
                request.exchangeToMono(response -> streamed(number, response.statusCode(),
                        response.headers().asHttpHeaders().getFirst(ChatExchange.PROVIDER_HEADER),
                        response.bodyToFlux(String.class))).block(WAIT);
            } else {
                complete(number, request.exchangeToMono(response -> response.toEntity(String.class)).block(WAIT));
            }
        } catch (RuntimeException e) {
            ChatExchange.reportFailure(number, e.getCause() instanceof ChatExchange.StreamError error ? error : e);
        }
    }

    private static void complete(int number, ResponseEntity<String> response) {
        String body = response.getBody() == null ? "" : response.getBody();
        if (!response.getStatusCode().is2xxSuccessful()) {
            Report.error(number, "HttpStatus", String.valueOf(response.getStatusCode().value()), null, body);
            return;
        }
        Report.result(number, response.getStatusCode().value(),
                response.getHeaders().getFirst(ChatExchange.PROVIDER_HEADER), ContentField.in(body));
    }

    /** Each event's data as WebClient decodes it, reported as it arrives. */
    private static Mono<Void> streamed(int number, HttpStatusCode status, String provider, Flux<String> events) {
        if (!status.is2xxSuccessful()) {
            return events.collectList().doOnNext(lines -> Report.error(number, "HttpStatus",
                    String.valueOf(status.value()), null, String.join("\n", lines))).then();
        }
        StringBuilder content = new StringBuilder();
        AtomicInteger index = new AtomicInteger();
        return events.map(String::trim)
                .takeWhile(data -> !data.equals("[DONE]"))
                .doOnNext(data -> {
                    if (data.startsWith("{\"error\"")) {
                        throw new IllegalStateException(new ChatExchange.StreamError(data));
                    }
                    String text = ContentField.in(data);
                    if (text != null) {
                        Report.chunk(number, index.getAndIncrement(), text);
                        content.append(text);
                    }
                })
                .then(Mono.fromRunnable(() -> Report.result(number, status.value(), provider, content.toString())));
    }
}
