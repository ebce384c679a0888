package io.llmfailover.agent.apache5;

import io.llmfailover.agent.bootstrap.CallGovernor;
import io.llmfailover.agent.bootstrap.FailureLog;
import io.llmfailover.agent.lifecycle.CallLifecycle;
import io.llmfailover.runtime.telemetry.otel.CallerClassLoader;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.SocketTimeoutException;
import java.net.URI;
import org.apache.hc.client5.http.async.AsyncExecCallback;
import org.apache.hc.client5.http.async.AsyncExecChain;
import org.apache.hc.core5.concurrent.Cancellable;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.nio.AsyncEntityProducer;

/**
 * One governed async call, run through the call lifecycle on the adapter executor. It is the
 * app's cancellable too: cancelling the app's future reaches whatever the call is doing (reading
 * the request body, an attempt in flight, relaying the answer) and ends the call at once. The
 * app's callback hears exactly one end, whatever path the call takes.
 */
final class GovernedAsyncCall implements Runnable, Cancellable {

    final HttpRequest request;
    final AsyncEntityProducer entityProducer;
    final AsyncExecChain.Scope scope;
    final AsyncExecChain chain;
    final AsyncExecCallback callback;
    final URI uri;
    private CallGovernor governor;
    private CallerClassLoader.Captured caller;
    private volatile boolean cancelled;
    private volatile Cancellable current;

    GovernedAsyncCall(HttpRequest request, AsyncEntityProducer entityProducer, AsyncExecChain.Scope scope,
            AsyncExecChain chain, AsyncExecCallback callback) {
        this.request = request;
        this.entityProducer = entityProducer;
        this.scope = scope;
        this.chain = chain;
        this.callback = new EndedOnce(callback);
        this.uri = Apache5Requests.uriOf(request, scope.route);
    }

    /** Read on the app's thread, before the call leaves it. */
    void governedBy(CallGovernor governor, CallerClassLoader.Captured caller) {
        this.governor = governor;
        this.caller = caller;
    }

    @Override
    public void run() {
        try {
            if (cancelled) {
                throw new InterruptedIOException("request cancelled");
            }
            CallLifecycle.runGoverned(AsyncBinding.INSTANCE, this, governor, caller);
        } catch (HttpFailure e) {
            callback.failed(e.httpException());
        } catch (Exception e) {
            callback.failed(e);
        } catch (Error e) {
            FailureLog.once("Apache HttpClient 5 async call", e);
            callback.failed(new IOException("llm-failover: the call failed inside the agent", e));
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
}
