package io.llmfailover.runtime.protocol.translate.bedrock;

import io.llmfailover.runtime.protocol.translate.model.StopReason;

/** Converse's {@code stopReason} to and from the neutral stop reason. */
final class BedrockStopReasons {

    private BedrockStopReasons() {}

    static StopReason read(String stopReason) {
        if (stopReason == null) {
            return StopReason.END_TURN;
        }
        return switch (stopReason) {
            case "stop_sequence" -> StopReason.STOP_SEQUENCE;
            case "max_tokens", "model_context_window_exceeded" -> StopReason.MAX_TOKENS;
            case "tool_use" -> StopReason.TOOL_USE;
            case "guardrail_intervened", "content_filtered" -> StopReason.CONTENT_FILTER;
            default -> StopReason.END_TURN;
        };
    }

    static String write(StopReason reason) {
        return switch (reason) {
            case END_TURN -> "end_turn";
            case STOP_SEQUENCE -> "stop_sequence";
            case MAX_TOKENS -> "max_tokens";
            case TOOL_USE -> "tool_use";
            case CONTENT_FILTER -> "content_filtered";
        };
    }
}
