package io.llmfailover.agent;

import io.llmfailover.agent.bootstrap.CallGovernor;
import io.llmfailover.runtime.Gateway;
import io.llmfailover.runtime.http.Answer;
import io.llmfailover.runtime.http.LlmRequest;
import io.llmfailover.runtime.http.Transport;
import java.io.IOException;
import java.net.URI;

/** The runtime's gateway, as the call lifecycle sees it. */
final class GatewayGovernor implements CallGovernor {

    private final Gateway gateway;
    private final OperatorView operatorView;

    GatewayGovernor(Gateway gateway, OperatorView operatorView) {
        this.gateway = gateway;
        this.operatorView = operatorView;
    }

    @Override
    public boolean governs(String method, URI uri) {
        return gateway.governs(method, uri);
    }

    @Override
    public String whyNotGoverned(String method, URI uri) {
        return gateway.whyNotGoverned(method, uri);
    }

    @Override
    public boolean reachesProvider(URI uri) {
        return gateway.reachesProvider(uri);
    }

    @Override
    public long bufferLimit() {
        return gateway.bufferLimit();
    }

    @Override
    public Answer execute(LlmRequest request, Transport transport) throws IOException {
        operatorView.callMade();
        return gateway.execute(request, transport);
    }
}
