package io.llmfailover.agent.client.apache5;

import io.llmfailover.agent.lifecycle.CallLifecycle;
import io.llmfailover.runtime.contract.CallRunner;
import java.io.IOException;
import java.util.function.Supplier;
import org.apache.hc.client5.http.classic.ExecChain;
import org.apache.hc.client5.http.classic.ExecChainHandler;
import org.apache.hc.core5.http.ClassicHttpRequest;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.HttpException;

/**
 * The classic client's exec handler, just above the protocol stage: runs each call through the
 * call lifecycle, whose attempts go down the rest of the chain, below the app's redirect and retry
 * stages.
 */
final class FailoverExecHandler implements ExecChainHandler {

    private final Supplier<CallRunner> governor;

    FailoverExecHandler(Supplier<CallRunner> governor) {
        this.governor = governor;
    }

    @Override
    public ClassicHttpResponse execute(ClassicHttpRequest request, ExecChain.Scope scope, ExecChain chain)
            throws IOException, HttpException {
        try {
            return CallLifecycle.run(ClassicBinding.INSTANCE, new ClassicCall(request, scope, chain), governor);
        } catch (Apache5HttpFailure e) {
            throw e.httpException();
        }
    }
}
