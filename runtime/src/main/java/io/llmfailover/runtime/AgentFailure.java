package io.llmfailover.runtime;

/**
 * The runtime failed internally before sending anything. The adapter lets the original call
 * proceed untouched and logs the failure once.
 */
public final class AgentFailure extends RuntimeException {

    public AgentFailure(String message, Throwable cause) {
        super(message, cause);
    }
}
