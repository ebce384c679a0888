package io.llmfailover.runtime.protocol.translate.openai;

import io.llmfailover.runtime.protocol.translate.model.StopReason;

/** OpenAI's {@code finish_reason} (and its compatible vendors' extra values) to and from the neutral stop reason. */
final class OpenAiFinishReasons {

    private OpenAiFinishReasons() {}

    static StopReason read(String finishReason) {
        if (finishReason == null) {
            return StopReason.END_TURN;
        }
        return switch (finishReason) {
            case "length", "model_length" -> StopReason.MAX_TOKENS;
            case "tool_calls", "function_call" -> StopReason.TOOL_USE;
            case "content_filter" -> StopReason.CONTENT_FILTER;
            default -> StopReason.END_TURN;
        };
    }

    static String write(StopReason reason) {
        return switch (reason) {
            case END_TURN, STOP_SEQUENCE -> "stop";
            case MAX_TOKENS -> "length";
            case TOOL_USE -> "tool_calls";
            case CONTENT_FILTER -> "content_filter";
        };
    }
}
