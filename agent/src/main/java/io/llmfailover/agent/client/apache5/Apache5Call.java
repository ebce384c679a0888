package io.llmfailover.agent.client.apache5;

import io.llmfailover.agent.lifecycle.CallRequest;
import io.llmfailover.runtime.contract.LlmRequest;
import java.net.URI;
import org.apache.hc.client5.http.HttpRoute;
import org.apache.hc.core5.http.HttpRequest;

/**
 * What a classic and an async call of HttpClient 5 tell alike of the app's request: the exec
 * chain's copy of it, which the agent's own headers are taken from, and where it goes.
 *
 * @param <Q> the request type of the chain
 */
abstract class Apache5Call<Q extends HttpRequest> implements CallRequest {

    final Q request;
    final URI uri;

    Apache5Call(Q request, HttpRoute route) {
        this.request = request;
        this.uri = Apache5Requests.uriOf(request, route);
    }

    @Override
    public String methodName() {
        return request.getMethod();
    }

    @Override
    public URI uri() {
        return uri;
    }

    @Override
    public String takeHeader(String name) {
        return Apache5Requests.takeHeader(request, name);
    }

    @Override
    public LlmRequest toNeutral(byte[] body) {
        return Apache5Requests.toNeutral(request, uri, body);
    }
}
