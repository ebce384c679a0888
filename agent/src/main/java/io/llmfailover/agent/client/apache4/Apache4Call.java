package io.llmfailover.agent.client.apache4;

import io.llmfailover.agent.lifecycle.CallRequest;
import io.llmfailover.runtime.contract.LlmRequest;
import java.net.URI;
import org.apache.http.client.methods.HttpExecutionAware;
import org.apache.http.client.methods.HttpRequestWrapper;
import org.apache.http.client.protocol.HttpClientContext;
import org.apache.http.conn.routing.HttpRoute;
import org.apache.http.impl.execchain.ClientExecChain;

/** One call through the failover stage: the app's request, and the protocol stage its attempts go down. */
final class Apache4Call implements CallRequest {

    final ClientExecChain protocolExec;
    final HttpRoute route;
    final HttpRequestWrapper request;
    final HttpClientContext context;
    final HttpExecutionAware execAware;
    final URI uri;

    Apache4Call(ClientExecChain protocolExec, HttpRoute route, HttpRequestWrapper request, HttpClientContext context,
            HttpExecutionAware execAware) {
        this.protocolExec = protocolExec;
        this.route = route;
        this.request = request;
        this.context = context;
        this.execAware = execAware;
        this.uri = Apache4Requests.uriOf(request, route);
    }

    /** True when the app aborted its request ({@code HttpRequestBase.abort()}). */
    boolean abortedByApp() {
        return execAware != null && execAware.isAborted();
    }

    @Override
    public String methodName() {
        return request.getRequestLine().getMethod();
    }

    @Override
    public URI uri() {
        return uri;
    }

    /** From the protocol stage's copy of the app's request. */
    @Override
    public String takeHeader(String name) {
        return Apache4Requests.takeHeader(request, name);
    }

    @Override
    public LlmRequest toNeutral(byte[] body) {
        return Apache4Requests.toNeutral(request, uri, body);
    }
}
