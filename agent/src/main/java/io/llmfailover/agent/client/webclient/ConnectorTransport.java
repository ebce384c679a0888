package io.llmfailover.agent.client.webclient;

import io.llmfailover.agent.bootstrap.AttemptGuard;
import io.llmfailover.agent.lifecycle.AbandonableBody;
import io.llmfailover.agent.lifecycle.AppWait;
import io.llmfailover.agent.lifecycle.HeadDeadlineWait;
import io.llmfailover.agent.lifecycle.NativeResponse;
import io.llmfailover.agent.lifecycle.TransportFailure;
import io.llmfailover.runtime.contract.AttemptRequest;
import io.llmfailover.runtime.contract.CallAbandonedException;
import io.llmfailover.runtime.contract.HeadDeadlineException;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.contract.RequestWritten;
import io.llmfailover.runtime.contract.Transport;
import java.io.IOException;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;
import org.springframework.http.HttpMethod;
import org.springframework.http.client.reactive.ClientHttpRequest;
import org.springframework.http.client.reactive.ClientHttpResponse;
import reactor.core.publisher.Mono;

/**
 * Sends each attempt through the app's own connector (its pool, TLS, proxy): the app's request as
 * its callback wrote it (with trace context added) for the original attempt, one built from the
 * runtime's request otherwise; then waits, on the agent thread, for the head. An attempt that
 * misses the agent's deadline, or that the app gives up on, is cancelled, which makes the
 * connector abandon the exchange and release its connection.
 */
final class ConnectorTransport implements Transport {

    private static final Set<String> METHODS_WITH_BODY = Set.of("POST", "PUT", "PATCH");

    private final WebClientCall call;

    ConnectorTransport(WebClientCall call) {
        this.call = call;
    }

    @Override
    public LlmResponse send(AttemptRequest attempt) throws IOException {
        if (attempt.original()) {
            WebClientCall app = call;
            HttpHeaders added = attempt.addedHeaders();
            return awaitHead(call, call.connector().connect(call.method(), call.uri(), request -> {
                attempt.written().report();
                return app.writeCaptured(request, added);
            }), attempt.headDeadline(), attempt.written());
        }
        LlmRequest rewritten = attempt.request();
        // Marked while the connector assembles and sends it: the adapter of the client underneath
        // (Reactor Netty, Jetty, the JDK client, Apache HttpClient 5) makes that request follow no redirect.
        try (AttemptGuard.Scope rewrittenAttempt = AttemptGuard.enterRewritten()) {
            return awaitHead(call, call.connector().connect(HttpMethod.valueOf(rewritten.method()), rewritten.uri(),
                    request -> {
                        attempt.written().report();
                        return write(rewritten, request);
                    }), attempt.headDeadline(), attempt.written());
        }
    }

    /**
     * Subscribes to {@code exchange} on this thread, where the lifecycle marks it as the agent's own
     * (a transport adapter underneath, the JDK client's, leaves it alone), and waits for its head:
     * without limit when {@code deadline} is null, else {@code deadline} from when the connector
     * calls back to write the request ({@code written}), its connection in hand; null {@code
     * written}: from now.
     *
     * @throws CallAbandonedException the app cancelled, or its own timeout expired
     * @throws HeadDeadlineException no head within {@code deadline}
     * @throws IOException the connector's failure ({@link TransportFailure} when it is no IOException)
     */
    static NativeResponse<ClientHttpResponse> awaitHead(WebClientCall call, Mono<ClientHttpResponse> exchange,
            Duration deadline, RequestWritten written) throws IOException {
        if (call.abandoned()) {
            throw WebClientCall.abandonedByApp(); // no attempt starts once the app has gone
        }
        ClientHttpResponse response = HeadDeadlineWait.await(exchange.toFuture(), deadline, written, call.appWait(),
                WebClientCall::release);
        NativeResponse<ClientHttpResponse> attempt = received(response, call.appWait());
        call.onAbandon(attempt::letGo);
        if (call.abandoned()) {
            throw WebClientCall.abandonedByApp();
        }
        return attempt;
    }

    /**
     * One attempt's reactive response, seen by the runtime. Its body is subscribed only when the
     * runtime reads it; a read that fails because the app gave up (it cancelled, or the connector's
     * client timed out as the app set it) is the app's, not the provider's. Closing or aborting
     * cancels the body, which never blocks; a response handed over to the app is the app's to release.
     */
    private static NativeResponse<ClientHttpResponse> received(ClientHttpResponse response, AppWait app) {
        HttpHeaders.Builder headers = HttpHeaders.builder();
        response.getHeaders().forEach((name, values) -> values.forEach(value -> headers.add(name, value)));
        return NativeResponse.opening(response, response.getStatusCode().value(), headers.build(),
                () -> AbandonableBody.of(DataBufferBody.of(response), app));
    }

    static Mono<Void> write(LlmRequest attempt, ClientHttpRequest request) {
        org.springframework.http.HttpHeaders headers = request.getHeaders();
        attempt.headers().forEach(headers::add);
        byte[] body = attempt.body();
        if (body.length == 0 && !METHODS_WITH_BODY.contains(attempt.method().toUpperCase(Locale.ROOT))) {
            return request.setComplete();
        }
        headers.setContentLength(body.length);
        return request.writeWith(Mono.fromSupplier(() -> request.bufferFactory().wrap(body)));
    }
}
