package io.llmfailover.agent.client.awssdk;

import io.llmfailover.agent.bootstrap.AgentThreads;
import io.llmfailover.agent.bootstrap.ClientAdapter;
import io.llmfailover.agent.bootstrap.HookOutcome;
import io.llmfailover.agent.bootstrap.InstalledRunner;
import io.llmfailover.agent.lifecycle.CallLifecycle;
import io.llmfailover.agent.lifecycle.Governance;
import io.llmfailover.runtime.contract.CallRunner;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.async.AsyncExecuteRequest;
import software.amazon.awssdk.http.async.SdkAsyncHttpClient;

/**
 * The AWS SDK adapter's entry point, for its sync clients ({@code prepareRequest}) and its async
 * clients ({@code execute}). A sync call is run on the SDK's thread when the SDK calls the prepared
 * request. For an async one, whether a call is governed, and the caller's class loader
 * and span, are read on the SDK's calling thread; a governed call then leaves it at once for an
 * agent thread (or, at the agent's task cap, is sent ungoverned), and {@code execute} returns the
 * agent's future, which ends as the client's own would: once the app's handler had the whole answer.
 * The agent's own attempts (their handler is an {@link AttemptHandler}) and full-duplex calls (a
 * bidirectional stream, whose body is never complete before the answer starts) go on untouched.
 */
public final class AwsSdkAdapter implements ClientAdapter {

    private final Supplier<CallRunner> governor;

    public AwsSdkAdapter() {
        this(InstalledRunner::governor);
    }

    AwsSdkAdapter(Supplier<CallRunner> governor) {
        this.governor = governor;
    }

    /**
     * Two hooks: {@code execute}, an async client's {@code execute(AsyncExecuteRequest)}, and
     * {@code prepareRequest}, a sync client's {@code prepareRequest(HttpExecuteRequest)} as it returns
     * the request it prepared (the second argument).
     */
    @Override
    public Object hook(String hook, Object client, Object[] arguments) {
        if (hook.equals("prepareRequest")) {
            return prepareRequest((SdkHttpClient) client, arguments[0], (ExecutableHttpRequest) arguments[1]);
        }
        CompletableFuture<Void> taken = execute((SdkAsyncHttpClient) client, arguments[0]);
        return taken == null ? null : HookOutcome.returning(taken);
    }

    /**
     * What the SDK gets from {@code prepareRequest}: the client's own prepared request, or, for a
     * governed call, one whose {@code call()} runs the lifecycle on the SDK's thread.
     */
    ExecutableHttpRequest prepareRequest(SdkHttpClient client, Object request, ExecutableHttpRequest prepared) {
        if (!(request instanceof HttpExecuteRequest app) || prepared == null) {
            return prepared;
        }
        AwsSdkSyncCall call = new AwsSdkSyncCall(client, app, prepared);
        Governance governance = CallLifecycle.start(AwsSdkSyncBinding.INSTANCE, call, governor);
        return governance == null ? prepared : new GovernedExecutable(call, governance);
    }

    /** The future the SDK gets instead of the client's, or null to let the client run the call itself. */
    CompletableFuture<Void> execute(SdkAsyncHttpClient client, Object request) {
        if (!(request instanceof AsyncExecuteRequest app) || app.responseHandler() instanceof AttemptHandler
                || app.fullDuplex()) {
            return null;
        }
        AwsSdkCall call = new AwsSdkCall(client, app);
        Governance governance = CallLifecycle.start(AwsSdkBinding.INSTANCE, call, governor);
        if (governance == null) {
            return null;
        }
        if (CallLifecycle.runAsync(AwsSdkBinding.INSTANCE, call, governance, AgentThreads.shared(), call) == null) {
            // Every agent thread is busy: sent as if the agent were absent, by the client itself
            // unless the agent's header had to come off, which only a copy of the request can lose.
            return call.request() == app ? null : call.sendUngoverned();
        }
        return call.ended();
    }
}
