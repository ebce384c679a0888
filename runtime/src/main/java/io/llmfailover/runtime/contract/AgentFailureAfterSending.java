package io.llmfailover.runtime.contract;

import java.io.IOException;

/**
 * The runtime failed internally after an attempt had been handed to the transport, and had no
 * provider's answer to give instead. Thrown to the app as its call's I/O failure: the request may
 * have reached a provider, so it must not be sent again (no fail-open re-send, unlike {@link
 * AgentFailure}).
 */
public final class AgentFailureAfterSending extends IOException {

    public AgentFailureAfterSending(Throwable cause) {
        super("llm-failover: the agent failed after the request was sent, so it is not sent again: " + cause, cause);
    }
}
