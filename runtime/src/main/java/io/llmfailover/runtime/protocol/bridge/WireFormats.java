package io.llmfailover.runtime.protocol.bridge;


import io.llmfailover.runtime.protocol.Operation;
import io.llmfailover.runtime.protocol.translate.UntranslatableRequestException;
import io.llmfailover.runtime.protocol.translate.WireFormat;
import io.llmfailover.runtime.protocol.translate.anthropic.AnthropicMessagesFormat;
import io.llmfailover.runtime.protocol.translate.bedrock.BedrockConverseFormat;
import io.llmfailover.runtime.protocol.translate.gemini.GeminiFormat;
import io.llmfailover.runtime.protocol.translate.openai.OpenAiChatFormat;
import io.llmfailover.runtime.protocol.translate.openai.OpenAiResponsesFormat;
import io.llmfailover.runtime.provider.Protocol;

/** The wire format of each protocol's generation operation. */
final class WireFormats {

    private WireFormats() {}

    /** The format a target of this protocol is written in. */
    static WireFormat target(Protocol protocol) {
        return switch (protocol) {
            case OPENAI -> OpenAiChatFormat.INSTANCE;
            case ANTHROPIC, VERTEX_ANTHROPIC, BEDROCK_ANTHROPIC -> AnthropicMessagesFormat.INSTANCE;
            case GEMINI, VERTEX_GEMINI -> GeminiFormat.INSTANCE;
            case BEDROCK -> BedrockConverseFormat.INSTANCE;
        };
    }

    /** The format the app's operation is read in when it goes to a target of another protocol or vendor. */
    static WireFormat caller(Operation operation, Protocol target) throws UntranslatableRequestException {
        return switch (operation) {
            case CHAT_COMPLETIONS -> OpenAiChatFormat.INSTANCE;
            case RESPONSES -> OpenAiResponsesFormat.INSTANCE;
            case MESSAGES -> AnthropicMessagesFormat.INSTANCE;
            case GENERATE_CONTENT -> GeminiFormat.INSTANCE;
            case CONVERSE -> BedrockConverseFormat.INSTANCE;
            case EMBEDDINGS -> throw new UntranslatableRequestException(
                    "embeddings fail over only to a provider of the same protocol, not to " + target.configName());
        };
    }
}
