package io.llmfailover.agent.apache5;

import io.llmfailover.agent.bootstrap.CallGovernor;
import io.llmfailover.agent.bootstrap.FailureLog;
import io.llmfailover.runtime.http.FirstByteTimeoutException;
import io.llmfailover.runtime.http.LlmRequest;
import io.llmfailover.runtime.http.LlmResponse;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URI;
import org.apache.hc.client5.http.async.AsyncExecCallback;
import org.apache.hc.client5.http.async.AsyncExecChain;
import org.apache.hc.core5.concurrent.Cancellable;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.nio.AsyncEntityProducer;

/**
 * One governed async call, run on the adapter executor: collects the request entity once, runs
 * the runtime with attempts sent down the chain, and relays the chosen answer to the app's
 * callback. It is the app's cancellable too: cancelling the app's future aborts the attempt in
 * flight, or the relay of the answer.
 */
final class GovernedAsyncCall implements Runnable, Cancellable {

    private final CallGovernor governor;
    private final URI uri;
    private final HttpRequest request;
    private final AsyncEntityProducer entityProducer;
    private final AsyncExecChain.Scope scope;
    private final AsyncExecChain chain;
    private final AsyncExecCallback callback;
    private volatile boolean cancelled;
    private volatile Cancellable current;

    GovernedAsyncCall(CallGovernor governor, URI uri, HttpRequest request, AsyncEntityProducer entityProducer,
            AsyncExecChain.Scope scope, AsyncExecChain chain, AsyncExecCallback callback) {
        this.governor = governor;
        this.uri = uri;
        this.request = request;
        this.entityProducer = entityProducer;
        this.scope = scope;
        this.chain = chain;
        this.callback = callback;
    }

    @Override
    public void run() {
        byte[] body;
        try {
            body = RequestEntityBytes.collect(entityProducer);
        } catch (IOException | RuntimeException e) {
            callback.failed(e);
            return;
        }
        String contentType = entityProducer == null ? null : entityProducer.getContentType();
        LlmRequest neutral = Apache5Requests.toNeutral(request, uri, body, contentType);
        LlmResponse answer;
        try {
            answer = governor.execute(neutral, new AsyncTransport(scope, chain, neutral, request, this));
        } catch (FirstByteTimeoutException e) {
            callback.failed(FailoverExecHandler.asReadTimeout(e));
            return;
        } catch (IOException e) {
            callback.failed(e);
            return;
        } catch (RuntimeException | Error e) {
            FailureLog.once("Apache HttpClient 5 async call", e);
            proceedUngoverned(body, contentType);
            return;
        }
        AnswerRelay relay = new AnswerRelay(answer, callback);
        current = relay;
        if (cancelled) {
            relay.cancel();
        }
        relay.run();
    }

    /** The runtime failed before any answer reached the app: the call goes ahead as if the agent were absent. */
    private void proceedUngoverned(byte[] body, String contentType) {
        try {
            chain.proceed(request, body.length == 0 && contentType == null ? null : Apache5Requests.entityOf(body, contentType),
                    scope, callback);
        } catch (HttpException | IOException | RuntimeException e) {
            callback.failed(e);
        }
    }

    /** The attempt now in flight, so the app's cancellation reaches it. */
    void attemptStarted(Cancellable attempt) throws InterruptedIOException {
        current = attempt;
        if (cancelled) {
            attempt.cancel();
            throw new InterruptedIOException("request cancelled");
        }
    }

    @Override
    public boolean cancel() {
        cancelled = true;
        Cancellable inFlight = current;
        if (inFlight != null) {
            inFlight.cancel();
        }
        return true;
    }
}
