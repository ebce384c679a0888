package io.llmfailover.e2e.apps;

import io.netty.handler.codec.http.HttpHeaderNames;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.ByteBufFlux;
import reactor.netty.http.client.HttpClient;
import reactor.netty.http.client.HttpClientResponse;

/**
 * An app that calls an OpenAI-compatible endpoint with Reactor Netty's {@code HttpClient} directly,
 * no Spring in between: a blocking call aggregates the body with {@code responseSingle}, a
 * streaming one reads the events with {@code response(…)} as they arrive. Args: see {@link AppArgs}.
 * Its own timeouts ({@link AppArgs#APP_TIMEOUT_PROPERTY}): {@code client} is the client's
 * {@code responseTimeout} (else 30 s), {@code request} the request's own {@code responseTimeout},
 * set in its body function, {@code cancel} Reactor's {@code timeout} on the call's {@code Mono} or
 * {@code Flux}, which cancels it.
 */
public final class ReactorNettyApp {

    private final HttpClient http;
    private final AppArgs app;

    /** Reactor Netty follows no redirect by default; following on is {@code followRedirect(true)}. */
    private ReactorNettyApp(AppArgs app) {
        Duration responseTimeout = AppArgs.ownTimeout("client");
        this.http = HttpClient.create().responseTimeout(responseTimeout != null ? responseTimeout : Duration.ofSeconds(30))
                .followRedirect(app.followsRedirects());
        this.app = app;
    }

    /** The call with Reactor's own timeout, when the app sets one: it cancels the call. */
    private static <T> Mono<T> cancelledInTime(Mono<T> call) {
        Duration timeout = AppArgs.ownTimeout("cancel");
        return timeout == null ? call : call.timeout(timeout);
    }

    private static <T> Flux<T> cancelledInTime(Flux<T> call) {
        Duration timeout = AppArgs.ownTimeout("cancel");
        return timeout == null ? call : call.timeout(timeout);
    }

    public static void main(String[] args) throws Exception {
        run(args);
        System.exit(0); // Reactor Netty's event loop threads are not daemons
    }

    /** The app's calls, without ending the JVM: for a host that runs it more than once. */
    public static void run(String[] args) throws Exception {
        ReactorNettyApp nettyApp = new ReactorNettyApp(AppArgs.parse(args));
        nettyApp.app.plan().run(nettyApp::call);
        Report.done();
    }

    private void call(int number) {
        try {
            if (app.streaming()) {
                stream(number);
            } else {
                complete(number);
            }
        } catch (RuntimeException e) {
            Report.error(number, unwrapped(e));
        }
    }

    private HttpClient.ResponseReceiver<?> request(boolean stream) {
        String body = ChatExchange.requestBody(stream);
        HttpClient.RequestSender post = http.headers(headers -> {
                    headers.set(HttpHeaderNames.AUTHORIZATION, "Bearer " + app.apiKey())
                            .set(HttpHeaderNames.CONTENT_TYPE, "application/json");
                    AppArgs.routeHeader(headers::set);
                })
                .post()
                .uri(app.baseUrl() + "/chat/completions");
        Duration requestTimeout = AppArgs.ownTimeout("request");
        if (requestTimeout == null) {
            return post.send(ByteBufFlux.fromString(Mono.just(body)));
        }
        return post.send((request, outbound) -> {
            request.responseTimeout(requestTimeout);
            return outbound.sendString(Mono.just(body));
        });
    }

    private void complete(int number) {
        cancelledInTime(request(false).responseSingle((response, body) -> body.asString(StandardCharsets.UTF_8)
                        .defaultIfEmpty("")
                        .map(text -> {
                            report(number, response, text);
                            return text;
                        })))
                .block();
    }

    private static void report(int number, HttpClientResponse response, String text) {
        int status = response.status().code();
        if (status / 100 != 2) {
            Report.error(number, "HttpStatus", String.valueOf(status), null, text);
        } else {
            Report.result(number, status, provider(response), ContentField.in(text));
        }
    }

    private void stream(int number) {
        cancelledInTime(request(true).response((response, body) -> {
                    int status = response.status().code();
                    if (status / 100 != 2) {
                        return body.aggregate().asString(StandardCharsets.UTF_8).defaultIfEmpty("")
                                .doOnNext(text -> Report.error(number, "HttpStatus", String.valueOf(status), null, text));
                    }
                    StreamedEvents events = new StreamedEvents(number);
                    return body.asString(StandardCharsets.UTF_8)
                            .takeUntil(events::readEndsWithin)
                            .then(Mono.fromRunnable(() -> events.reportResult(status, provider(response))));
                }))
                .blockLast();
    }

    private static String provider(HttpClientResponse response) {
        return response.responseHeaders().get(ChatExchange.PROVIDER_HEADER);
    }

    private static Throwable unwrapped(RuntimeException e) {
        return e.getCause() != null && e.getClass().getName().startsWith("reactor.core.Exceptions") ? e.getCause() : e;
    }

    /** The SSE lines of a stream, from chunks cut anywhere, each content delta reported as it arrives. */
    private static final class StreamedEvents {
        private final int number;
        private final StringBuilder pending = new StringBuilder();
        private final StringBuilder content = new StringBuilder();
        private int index;
        private String error;

        StreamedEvents(int number) {
            this.number = number;
        }

        /** True once {@code [DONE]} was read. */
        boolean readEndsWithin(String chunk) {
            pending.append(chunk);
            for (int end = pending.indexOf("\n"); end >= 0; end = pending.indexOf("\n")) {
                String line = pending.substring(0, end).trim();
                pending.delete(0, end + 1);
                if (!line.startsWith("data:")) {
                    continue;
                }
                String data = line.substring("data:".length()).trim();
                if (data.equals("[DONE]")) {
                    return true;
                }
                if (data.startsWith("{\"error\"")) {
                    error = data;
                    return true;
                }
                String text = ContentField.in(data);
                if (text != null) {
                    Report.chunk(number, index++, text);
                    content.append(text);
                }
            }
            return false;
        }

        void reportResult(int status, String provider) {
            if (error != null) {
                Report.error(number, "StreamError", null, null, error);
            } else {
                Report.result(number, status, provider, content.toString());
            }
        }
    }
}
