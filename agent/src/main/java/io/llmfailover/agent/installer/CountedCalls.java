package io.llmfailover.agent.installer;

import io.llmfailover.runtime.contract.Answer;
import io.llmfailover.runtime.contract.ForwardingCallRunner;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.Transport;
import io.llmfailover.runtime.gateway.Gateway;
import java.io.IOException;

/** The runtime's gateway as the call lifecycle sees it, each governed call counted for the operator's view. */
final class CountedCalls extends ForwardingCallRunner {

    private final OperatorView operatorView;

    CountedCalls(Gateway gateway, OperatorView operatorView) {
        super(gateway);
        this.operatorView = operatorView;
    }

    @Override
    public Answer execute(LlmRequest request, Transport transport) throws IOException {
        operatorView.callMade();
        return super.execute(request, transport);
    }
}
