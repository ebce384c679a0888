package io.llmfailover.runtime.protocol.translate.openai;

/** OpenAI's {@code reasoning_effort} levels as thinking budgets in tokens, and back. */
final class ReasoningEfforts {

    static final int LOW = 1024;
    static final int MEDIUM = 2048;
    static final int HIGH = 4096;

    private ReasoningEfforts() {}

    /** Null for no effort, {@code none} or {@code minimal}: thinking is then not asked for. */
    static Integer budget(String effort) {
        if (effort == null) {
            return null;
        }
        return switch (effort) {
            case "low" -> LOW;
            case "medium" -> MEDIUM;
            case "high", "xhigh" -> HIGH;
            default -> null;
        };
    }
}
