package io.llmfailover.agent.webclient;

import io.llmfailover.agent.bootstrap.CallDepth;
import io.llmfailover.runtime.http.FirstByteTimeoutException;
import io.llmfailover.runtime.http.LlmRequest;
import io.llmfailover.runtime.http.LlmResponse;
import io.llmfailover.runtime.http.Transport;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.client.reactive.ClientHttpConnector;
import org.springframework.http.client.reactive.ClientHttpRequest;
import org.springframework.http.client.reactive.ClientHttpResponse;
import reactor.core.publisher.Mono;

/**
 * Sends each attempt through the app's own connector (its pool, TLS, proxy, codecs' wire bytes) and
 * waits, on an agent thread, for the head. An attempt that misses its first-byte deadline is
 * cancelled, which makes the connector abandon the exchange and release its connection.
 */
final class ConnectorTransport implements io.llmfailover.runtime.http.LegacyTransport {

    /** Set by the connector itself from the URI and the body. */
    private static final Set<String> DERIVED_HEADERS = Set.of("host", "content-length", "transfer-encoding", "connection");

    private final ClientHttpConnector connector;
    private final LlmRequest appRequest;

    /** @param appRequest the neutral request handed to the runtime; an attempt that is this very object answers the app's request */
    ConnectorTransport(ClientHttpConnector connector, LlmRequest appRequest) {
        this.connector = connector;
        this.appRequest = appRequest;
    }

    /** A null {@code firstByteTimeout} leaves the head to the app's own timeouts. */
    @Override
    public LlmResponse send(LlmRequest attempt, Duration firstByteTimeout) throws IOException {
        CompletableFuture<ClientHttpResponse> head = exchange(attempt);
        try {
            ClientHttpResponse response = firstByteTimeout == null
                    ? head.get()
                    : head.get(firstByteTimeout.toNanos(), TimeUnit.NANOSECONDS);
            return new ConnectorLlmResponse(response, attempt == appRequest);
        } catch (TimeoutException e) {
            abandon(head);
            throw new FirstByteTimeoutException(firstByteTimeout);
        } catch (InterruptedException e) {
            abandon(head);
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for the response head");
        } catch (ExecutionException e) {
            throw TransportFailure.of(e.getCause());
        }
    }

    /** Subscribes now, as an agent call: a transport adapter underneath (the JDK client's) leaves it alone. */
    private CompletableFuture<ClientHttpResponse> exchange(LlmRequest attempt) {
        Mono<ClientHttpResponse> exchange = connector.connect(HttpMethod.valueOf(attempt.method()), attempt.uri(),
                request -> write(attempt, request));
        CallDepth.enter();
        try {
            return exchange.toFuture();
        } finally {
            CallDepth.exit();
        }
    }

    static Mono<Void> write(LlmRequest attempt, ClientHttpRequest request) {
        HttpHeaders headers = request.getHeaders();
        attempt.headers().forEach((name, value) -> {
            if (!DERIVED_HEADERS.contains(name.toLowerCase(Locale.ROOT))) {
                headers.add(name, value);
            }
        });
        byte[] body = attempt.body();
        if (body.length == 0 && !hasBody(attempt.method())) {
            return request.setComplete();
        }
        headers.setContentLength(body.length);
        return request.writeWith(Mono.fromSupplier(() -> request.bufferFactory().wrap(body)));
    }

    private static boolean hasBody(String method) {
        return Set.of("POST", "PUT", "PATCH").contains(method.toUpperCase(Locale.ROOT));
    }

    /** Cancels the exchange; a head that won the race has its body cancelled, releasing the connection. */
    private static void abandon(CompletableFuture<ClientHttpResponse> head) {
        if (!head.cancel(true) && !head.isCompletedExceptionally()) {
            head.thenAccept(response -> new ConnectorLlmResponse(response, false).close());
        }
    }
}
