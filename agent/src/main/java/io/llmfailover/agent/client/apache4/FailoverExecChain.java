package io.llmfailover.agent.client.apache4;

import io.llmfailover.agent.lifecycle.CallLifecycle;
import io.llmfailover.runtime.contract.CallRunner;
import java.io.IOException;
import java.util.function.Supplier;
import org.apache.http.HttpException;
import org.apache.http.client.methods.CloseableHttpResponse;
import org.apache.http.client.methods.HttpExecutionAware;
import org.apache.http.client.methods.HttpRequestWrapper;
import org.apache.http.client.protocol.HttpClientContext;
import org.apache.http.conn.routing.HttpRoute;
import org.apache.http.impl.execchain.ClientExecChain;

/**
 * Wraps the client's protocol stage: runs each call through the call lifecycle, whose attempts go
 * down that stage, below the app's redirect and retry stages.
 */
final class FailoverExecChain implements ClientExecChain {

    private final ClientExecChain protocolExec;
    private final Supplier<CallRunner> governor;

    FailoverExecChain(ClientExecChain protocolExec, Supplier<CallRunner> governor) {
        this.protocolExec = protocolExec;
        this.governor = governor;
    }

    @Override
    public CloseableHttpResponse execute(HttpRoute route, HttpRequestWrapper request, HttpClientContext context,
            HttpExecutionAware execAware) throws IOException, HttpException {
        try {
            return CallLifecycle.run(Apache4Binding.INSTANCE,
                    new Apache4Call(protocolExec, route, request, context, execAware), governor);
        } catch (Apache4HttpFailure e) {
            throw e.httpException();
        }
    }
}
