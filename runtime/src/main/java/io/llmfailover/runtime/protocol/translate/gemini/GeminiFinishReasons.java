package io.llmfailover.runtime.protocol.translate.gemini;

import io.llmfailover.runtime.protocol.translate.model.StopReason;

/** Gemini's {@code finishReason} to and from the neutral stop reason; a function call still says STOP. */
final class GeminiFinishReasons {

    private GeminiFinishReasons() {}

    static StopReason read(String finishReason, boolean calledFunction) {
        if (finishReason == null) {
            return calledFunction ? StopReason.TOOL_USE : StopReason.END_TURN;
        }
        return switch (finishReason) {
            case "MAX_TOKENS" -> StopReason.MAX_TOKENS;
            case "SAFETY", "RECITATION", "BLOCKLIST", "PROHIBITED_CONTENT", "SPII", "IMAGE_SAFETY" -> StopReason.CONTENT_FILTER;
            default -> calledFunction ? StopReason.TOOL_USE : StopReason.END_TURN;
        };
    }

    static String write(StopReason reason) {
        return switch (reason) {
            case MAX_TOKENS -> "MAX_TOKENS";
            case CONTENT_FILTER -> "SAFETY";
            default -> "STOP";
        };
    }
}
