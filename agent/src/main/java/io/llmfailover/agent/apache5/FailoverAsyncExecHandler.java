package io.llmfailover.agent.apache5;

import io.llmfailover.agent.bootstrap.AgentThreads;
import io.llmfailover.agent.bootstrap.CallGovernor;
import io.llmfailover.agent.bootstrap.Governors;
import java.io.IOException;
import java.net.URI;
import java.util.function.Supplier;
import org.apache.hc.client5.http.async.AsyncExecCallback;
import org.apache.hc.client5.http.async.AsyncExecChain;
import org.apache.hc.client5.http.async.AsyncExecChainHandler;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.nio.AsyncEntityProducer;

/**
 * The async client's exec handler: a governed call leaves the calling thread (the app's, or the
 * I/O reactor's for a redirect or retry) at once and runs on the adapter executor, where the
 * runtime may block on attempts; calls the runtime does not govern go on untouched.
 */
final class FailoverAsyncExecHandler implements AsyncExecChainHandler {

    private final Supplier<CallGovernor> governor;

    FailoverAsyncExecHandler(Supplier<CallGovernor> governor) {
        this.governor = governor;
    }

    @Override
    public void execute(HttpRequest request, AsyncEntityProducer entityProducer, AsyncExecChain.Scope scope,
            AsyncExecChain chain, AsyncExecCallback callback) throws HttpException, IOException {
        URI uri = Apache5Requests.uriOf(request, scope.route);
        CallGovernor governing = Governors.forCall(governor, uri, "Apache HttpClient 5 async");
        if (governing == null) {
            chain.proceed(request, entityProducer, scope, callback);
            return;
        }
        GovernedAsyncCall call = new GovernedAsyncCall(governing, uri, request, entityProducer, scope, chain, callback);
        scope.cancellableDependency.setDependency(call);
        AgentThreads.shared().execute(call);
    }

}
