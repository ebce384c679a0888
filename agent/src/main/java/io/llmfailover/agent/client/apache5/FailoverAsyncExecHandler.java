package io.llmfailover.agent.client.apache5;

import io.llmfailover.agent.bootstrap.AgentThreads;
import io.llmfailover.agent.bootstrap.FailureLog;
import io.llmfailover.agent.lifecycle.CallLifecycle;
import io.llmfailover.agent.lifecycle.Governance;
import io.llmfailover.runtime.contract.CallRunner;
import java.io.IOException;
import java.util.function.Supplier;
import org.apache.hc.client5.http.async.AsyncExecCallback;
import org.apache.hc.client5.http.async.AsyncExecChain;
import org.apache.hc.client5.http.async.AsyncExecChainHandler;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.nio.AsyncEntityProducer;

/**
 * The async client's exec handler, just above the protocol stage: whether a call is governed, and
 * the caller's class loader and span, are read on the calling thread (the app's, or the I/O
 * reactor's for a redirect or retry); a governed call then leaves it at once for the adapter
 * executor, where the runtime may block on attempts. Other calls go on untouched, but for an
 * attempt another adapter rewrote ({@link RewrittenExchanges}), whose redirect is handed back.
 */
final class FailoverAsyncExecHandler implements AsyncExecChainHandler {

    private final Supplier<CallRunner> governor;

    FailoverAsyncExecHandler(Supplier<CallRunner> governor) {
        this.governor = governor;
    }

    @Override
    public void execute(HttpRequest request, AsyncEntityProducer entityProducer, AsyncExecChain.Scope scope,
            AsyncExecChain chain, AsyncExecCallback callback) throws HttpException, IOException {
        GovernedAsyncCall call = new GovernedAsyncCall(request, entityProducer, scope, chain, callback);
        Governance governance = CallLifecycle.start(AsyncBinding.INSTANCE, call, governor);
        if (governance == null) {
            chain.proceed(request, entityProducer, scope,
                    RewrittenExchanges.isRewritten(scope.originalRequest) ? new RedirectHandedBack(callback) : callback);
            return;
        }
        try {
            scope.cancellableDependency.setDependency(call);
            if (CallLifecycle.runAsync(AsyncBinding.INSTANCE, call, governance, AgentThreads.shared(), call) == null) {
                chain.proceed(request, entityProducer, scope, callback); // every agent thread is busy: sent as the app made it
            }
        } catch (RuntimeException | LinkageError e) {
            FailureLog.once("Apache HttpClient 5 async call", e);
            chain.proceed(request, entityProducer, scope, callback);
        }
    }
}
