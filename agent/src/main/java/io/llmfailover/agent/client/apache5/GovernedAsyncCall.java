package io.llmfailover.agent.client.apache5;

import io.llmfailover.agent.lifecycle.CallCompletion;
import io.llmfailover.runtime.contract.LlmRequest;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.SocketTimeoutException;
import org.apache.hc.client5.http.async.AsyncExecCallback;
import org.apache.hc.client5.http.async.AsyncExecChain;
import org.apache.hc.core5.concurrent.Cancellable;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.nio.AsyncEntityProducer;

/**
 * One governed async call, run through the call lifecycle on an agent thread, and ended there. It is the
 * app's cancellable too: cancelling the app's future reaches whatever the call is doing (reading
 * the request body, an attempt in flight, relaying the answer) and ends the call at once. The
 * app's callback hears exactly one end, whatever path the call takes.
 */
final class GovernedAsyncCall extends Apache5Call<HttpRequest> implements CallCompletion<Void>, Cancellable {

    final AsyncEntityProducer entityProducer;
    final AsyncExecChain.Scope scope;
    final AsyncExecChain chain;
    final AsyncExecCallback callback;
    private volatile boolean cancelled;
    private volatile Cancellable current;

    GovernedAsyncCall(HttpRequest request, AsyncEntityProducer entityProducer, AsyncExecChain.Scope scope,
            AsyncExecChain chain, AsyncExecCallback callback) {
        super(request, scope.route);
        this.entityProducer = entityProducer;
        this.scope = scope;
        this.chain = chain;
        this.callback = new EndedOnce(callback);
    }

    @Override
    public Throwable appGaveUp() {
        return cancelled ? new InterruptedIOException("request cancelled") : null;
    }

    /** The callback heard the answer as it was relayed. */
    @Override
    public void answered(Void relayed) {}

    @Override
    public void failed(Throwable failure) {
        if (failure instanceof Apache5HttpFailure http) {
            callback.failed(http.httpException());
        } else {
            callback.failed(failure instanceof Exception e ? e : new IOException(failure));
        }
    }

    /** What the call does now (reading the body, an attempt, the relay), so the app's cancellation reaches it. */
    void doing(Cancellable step) throws InterruptedIOException {
        current = step;
        if (cancelled) {
            step.cancel();
            throw new InterruptedIOException("request cancelled");
        }
    }

    boolean cancelled() {
        return cancelled;
    }

    /**
     * The app gave up: it cancelled its future, or its own response timeout (shorter than the
     * agent's deadline, else that deadline would have come first) expired. A connect timeout is
     * HttpClient's {@code ConnectTimeoutException}, the provider's failure.
     */
    boolean appGaveUp(IOException e) {
        return cancelled || e instanceof SocketTimeoutException;
    }

    @Override
    public boolean cancel() {
        cancelled = true;
        Cancellable step = current;
        if (step != null) {
            step.cancel();
        }
        return true;
    }

    /** The content type travels with the entity producer, not in the request's headers. */
    @Override
    public LlmRequest toNeutral(byte[] body) {
        String contentType = entityProducer == null ? null : entityProducer.getContentType();
        return Apache5Requests.toNeutral(request, uri, body, contentType);
    }
}
