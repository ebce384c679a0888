package io.llmfailover.runtime.contract;

/**
 * The runtime failed internally before any attempt was handed to the transport. The adapter lets
 * the original call proceed untouched and logs the failure once. Never thrown once an attempt was
 * handed over: see {@link AgentFailureAfterSending}.
 */
public final class AgentFailure extends RuntimeException {

    public AgentFailure(String message, Throwable cause) {
        super(message, cause);
    }
}
