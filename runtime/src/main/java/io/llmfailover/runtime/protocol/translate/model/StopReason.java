package io.llmfailover.runtime.protocol.translate.model;

/** Why the model stopped, in terms every protocol can express. */
public enum StopReason {
    END_TURN,
    STOP_SEQUENCE,
    MAX_TOKENS,
    TOOL_USE,
    CONTENT_FILTER
}
