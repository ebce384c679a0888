package io.llmfailover.runtime.protocol;

/** The path of each operation relative to a provider's base URL. */
public final class OperationPaths {

    private OperationPaths() {}

    /**
     * @param model used by Gemini, whose model is part of the path
     * @param query the query string to keep (Gemini's {@code alt=sse}), or null
     */
    public static String of(Operation operation, String model, boolean stream, String query) {
        String path = switch (operation) {
            case CHAT_COMPLETIONS -> "/chat/completions";
            case RESPONSES -> "/responses";
            case EMBEDDINGS -> "/embeddings";
            case MESSAGES -> "/messages";
            case GENERATE_CONTENT -> "/models/" + model + (stream ? ":streamGenerateContent" : ":generateContent");
        };
        return query == null || query.isEmpty() ? path : path + "?" + query;
    }
}
