package io.llmfailover.agent.client.reactornetty;

import io.llmfailover.agent.lifecycle.AppWait;
import io.llmfailover.agent.lifecycle.BufferedBody;
import io.llmfailover.agent.lifecycle.CallRequest;
import io.llmfailover.agent.lifecycle.HeadDeadlineWait;
import io.llmfailover.agent.lifecycle.TransportFailure;
import io.llmfailover.runtime.contract.CallAbandonedException;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.netty.http.client.HttpClient;
import reactor.util.context.Context;
import reactor.util.context.ContextView;

/**
 * One Reactor Netty call the lifecycle runs: the app's client, as its chain configured it, the
 * request its body function wrote into memory, the Reactor context the app subscribed with, and
 * whether the app still waits.
 */
final class ReactorNettyCall implements CallRequest {

    private final HttpClient client;
    private final AppRequest app;
    private final ExecutorService agentThreads;
    private final Scheduler readers;
    private final AppWait wait = new AppWait();
    private volatile ContextView appContext = Context.empty();
    private volatile ReactorNettyCapturedRequest captured;

    ReactorNettyCall(HttpClient client, AppRequest app, ExecutorService agentThreads, Scheduler readers) {
        this.client = client;
        this.app = app;
        this.agentThreads = agentThreads;
        this.readers = readers;
    }

    /** The same call for one more subscription, nothing of it captured yet. */
    ReactorNettyCall fresh() {
        return new ReactorNettyCall(client, app, agentThreads, readers);
    }

    HttpClient client() {
        return client;
    }

    AppRequest app() {
        return app;
    }

    AppWait appWait() {
        return wait;
    }

    /** Read as the app subscribes: what it put in its context (the Azure SDK's per-call timeouts, say) reaches each attempt. */
    void subscribedWith(ContextView context) {
        this.appContext = context;
    }

    ContextView appContext() {
        return appContext;
    }

    /** The response timeout the app's body function set on its request; null when it set none. */
    Duration ownResponseTimeout() {
        ReactorNettyCapturedRequest request = captured;
        return request == null ? null : request.ownResponseTimeout();
    }

    ExecutorService agentThreads() {
        return agentThreads;
    }

    Scheduler readers() {
        return readers;
    }

    /**
     * The first value of {@code name}: from the capture, where it is removed, once the app's body
     * function ran; else from the client's configuration, which is shared and left as it is.
     */
    @Override
    public String takeHeader(String name) {
        ReactorNettyCapturedRequest request = captured;
        if (request == null) {
            return app.headers().get(name);
        }
        String value = request.requestHeaders().get(name);
        request.requestHeaders().remove(name);
        return value;
    }

    /**
     * Runs the app's body function against a request and an outbound kept in memory, reading what
     * it sends up to {@code limit} bytes.
     *
     * @throws IOException the app's own body failed (carried as {@link TransportFailure}), or the app cancelled
     */
    BufferedBody capture(long limit) throws IOException {
        ReactorNettyCapturedRequest request = new ReactorNettyCapturedRequest(app.method(), app.uri(), new DefaultHttpHeaders().set(app.headers()),
                appContext);
        captured = request;
        if (app.body() == null) {
            return BufferedBody.empty();
        }
        BodyRecording recording = new BodyRecording(limit);
        Publisher<Void> written = app.body().apply(request, new RecordingOutbound(recording));
        CompletableFuture<Void> done = Mono.from(written).contextWrite(appContext).toFuture();
        wait.onAbandon(() -> done.cancel(true));
        try {
            done.get();
        } catch (CancellationException e) {
            throw HeadDeadlineWait.abandonedByApp();
        } catch (ExecutionException e) {
            if (recording.overCap()) {
                return BufferedBody.tooLarge(limit);
            }
            throw wait.abandoned() ? HeadDeadlineWait.abandonedByApp() : TransportFailure.of(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CallAbandonedException(new InterruptedIOException("interrupted while reading the request body"));
        }
        String unsupported = recording.unsupported();
        return unsupported != null ? BufferedBody.notReplayable(unsupported) : BufferedBody.of(recording.bytes());
    }

    /** The request as the app's chain and body function made it. */
    @Override
    public LlmRequest toNeutral(byte[] body) {
        return new LlmRequest(app.method().name(), app.uri(), capturedHeaders(), body);
    }

    HttpHeaders capturedHeaders() {
        HttpHeaders.Builder headers = HttpHeaders.builder();
        for (Map.Entry<String, String> header : captured.requestHeaders()) {
            headers.add(header.getKey(), header.getValue());
        }
        return headers.build();
    }

    @Override
    public String methodName() {
        return app.method().name();
    }

    @Override
    public URI uri() {
        return app.uri();
    }
}
