package io.llmfailover.agent.client.webclient;

import io.llmfailover.agent.lifecycle.AppWait;
import io.llmfailover.agent.lifecycle.BufferedBody;
import io.llmfailover.agent.lifecycle.CallRequest;
import io.llmfailover.agent.lifecycle.HeadDeadlineWait;
import io.llmfailover.agent.lifecycle.TransportFailure;
import io.llmfailover.runtime.contract.CallAbandonedException;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URI;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.function.Function;
import org.springframework.http.HttpMethod;
import org.springframework.http.client.reactive.ClientHttpConnector;
import org.springframework.http.client.reactive.ClientHttpRequest;
import org.springframework.http.client.reactive.ClientHttpResponse;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

/**
 * One WebClient exchange the lifecycle runs: what the app asked the connector for (method, URI and
 * its request callback), the request that callback wrote into memory, and whether the app is still
 * waiting ({@link AppWait}).
 */
final class WebClientCall implements CallRequest {

    private final ClientHttpConnector connector;
    private final HttpMethod method;
    private final URI uri;
    /** The app's request callback; once the agent's headers were taken, one that leaves them off the connector's request. */
    private Function<? super ClientHttpRequest, Mono<Void>> callback;
    private final ExecutorService agentThreads;
    private final Scheduler readers;
    private final AppWait wait = new AppWait();
    /** Set once the app's callback wrote into it; read by the connector's own callbacks, on its threads. */
    private volatile WebClientCapturedRequest captured;

    WebClientCall(ClientHttpConnector connector, HttpMethod method, URI uri,
            Function<? super ClientHttpRequest, Mono<Void>> callback, ExecutorService agentThreads, Scheduler readers) {
        this.connector = connector;
        this.method = method;
        this.uri = uri;
        this.callback = callback;
        this.agentThreads = agentThreads;
        this.readers = readers;
    }

    /**
     * Keeps {@code name} off the request the call sends: a capture never copies it onto the
     * connector's request ({@link WebClientCapturedRequest#copyHeadTo}), and the app's callback is made to
     * drop it from the connector's request just before its headers go out (the agent's own capture
     * keeps it, to read). Its first value once the callback wrote into the capture, else null.
     */
    @Override
    public String takeHeader(String name) {
        WebClientCapturedRequest request = captured;
        if (request != null) {
            return request.getHeaders().getFirst(name);
        }
        Function<? super ClientHttpRequest, Mono<Void>> app = callback;
        callback = sent -> {
            if (!(sent instanceof WebClientCapturedRequest)) {
                sent.beforeCommit(() -> Mono.fromRunnable(() -> sent.getHeaders().remove(name)));
            }
            return app.apply(sent);
        };
        return null;
    }

    /** The same call for one more subscription, nothing of it captured yet. */
    WebClientCall fresh() {
        return new WebClientCall(connector, method, uri, callback, agentThreads, readers);
    }

    HttpMethod method() {
        return method;
    }

    @Override
    public URI uri() {
        return uri;
    }

    Function<? super ClientHttpRequest, Mono<Void>> callback() {
        return callback;
    }

    ClientHttpConnector connector() {
        return connector;
    }

    ExecutorService agentThreads() {
        return agentThreads;
    }

    Scheduler readers() {
        return readers;
    }

    /**
     * Runs the app's request callback against a request kept in memory, reading its body up to
     * {@code limit} bytes; past that, the rest of the body stays unread, for {@link #writeWhole}.
     *
     * @throws IOException the app's own body failed (carried as {@link TransportFailure}), or the
     *     app cancelled
     */
    BufferedBody capture(long limit) throws IOException {
        WebClientCapturedRequest request = new WebClientCapturedRequest(method, uri, limit);
        Mono<Void> written;
        try {
            written = callback.apply(request);
        } catch (RuntimeException needsTheConnectorsOwnRequest) {
            // Thrown before the body was asked for (a native-request consumer runs first): the
            // app's callback then runs once more, against the connector, as if the agent were absent.
            return BufferedBody.notReplayable("its request callback needs the connector's own request: "
                    + needsTheConnectorsOwnRequest);
        }
        captured = request;
        BodyCapture body = request.body();
        CompletableFuture<Void> done = written.toFuture();
        onAbandon(body::cancel);
        onAbandon(() -> done.cancel(true));
        try {
            done.get();
        } catch (CancellationException e) {
            throw abandonedByApp();
        } catch (ExecutionException e) {
            throw abandoned() ? abandonedByApp() : TransportFailure.of(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CallAbandonedException(new InterruptedIOException("interrupted while reading the request body"));
        }
        return body.overCap() ? BufferedBody.tooLarge(limit) : BufferedBody.of(body.bytes());
    }

    /** True once the whole request, or all of it up to the cap, is in memory. */
    boolean captured() {
        WebClientCapturedRequest request = captured;
        return request != null && request.body().done();
    }

    @Override
    public LlmRequest toNeutral(byte[] body) {
        return new LlmRequest(method.name(), uri, HttpHeaders.ofNames(captured.getHeaders()::forEach), body);
    }

    /** The app's request as it wrote it, with {@code added} headers (trace context): its body fit in memory. */
    Mono<Void> writeCaptured(ClientHttpRequest request, HttpHeaders added) {
        WebClientCapturedRequest app = captured;
        app.copyHeadTo(request);
        added.forEach(request.getHeaders()::add);
        return app.writeBodyTo(request);
    }

    /** The app's request as it wrote it, its body whole: what was read into memory, then the rest of the app's stream. */
    Mono<Void> writeWhole(ClientHttpRequest request) {
        WebClientCapturedRequest app = captured;
        app.copyHeadTo(request);
        return app.writeBodyTo(request);
    }

    /** Runs {@code hook} if the app cancels before the exchange delivered; at once if it already did. */
    void onAbandon(Runnable hook) {
        wait.onAbandon(hook);
    }

    /** The app cancelled its subscription. */
    void abandon() {
        wait.abandon();
    }

    boolean abandoned() {
        return wait.abandoned();
    }

    AppWait appWait() {
        return wait;
    }

    static CallAbandonedException abandonedByApp() {
        return HeadDeadlineWait.abandonedByApp();
    }

    /** Cancels a response's body unread: the connector releases (or closes) its connection. */
    static void release(ClientHttpResponse response) {
        DataBufferBody.of(response).close();
    }

    @Override
    public String methodName() {
        return method().name();
    }
}
