package io.llmfailover.agent.installer;

import io.llmfailover.runtime.contract.Answer;
import io.llmfailover.runtime.contract.CallRunner;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.Transport;
import io.llmfailover.runtime.gateway.Gateway;
import java.io.IOException;
import java.net.URI;

/** The runtime's gateway, as the call lifecycle sees it. */
final class CountedCalls implements CallRunner {

    private final Gateway gateway;
    private final OperatorView operatorView;

    CountedCalls(Gateway gateway, OperatorView operatorView) {
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
