package io.llmfailover.runtime.protocol;

import io.llmfailover.runtime.provider.Protocol;

/** The generation operations the agent governs; any other request passes through untouched. */
public enum Operation {
    CHAT_COMPLETIONS(Protocol.OPENAI, "chat"),
    RESPONSES(Protocol.OPENAI, "chat"),
    EMBEDDINGS(Protocol.OPENAI, "embeddings"),
    MESSAGES(Protocol.ANTHROPIC, "chat"),
    GENERATE_CONTENT(Protocol.GEMINI, "generate_content"),
    CONVERSE(Protocol.BEDROCK, "chat");

    private final Protocol protocol;
    private final String semanticName;

    Operation(Protocol protocol, String semanticName) {
        this.protocol = protocol;
        this.semanticName = semanticName;
    }

    public Protocol protocol() {
        return protocol;
    }

    /** The OpenTelemetry {@code gen_ai.operation.name} of this operation. */
    public String semanticName() {
        return semanticName;
    }
}
