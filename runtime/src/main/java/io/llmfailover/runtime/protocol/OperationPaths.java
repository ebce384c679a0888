package io.llmfailover.runtime.protocol;

/** The path of each operation relative to a provider's base URL. */
public final class OperationPaths {

    /** Longer than any model name a provider publishes. */
    static final int MAX_MODEL_IN_PATH = 200;

    private OperationPaths() {}

    /**
     * @param model used by Gemini, whose model is part of the path; it must {@link #fitsInPath fit}
     * @param query the query string to keep (Gemini's {@code alt=sse}), or null
     * @throws IllegalArgumentException for a model that does not fit in a path: callers check first
     */
    public static String of(Operation operation, String model, boolean stream, String query) {
        String path = switch (operation) {
            case CHAT_COMPLETIONS -> "/chat/completions";
            case RESPONSES -> "/responses";
            case EMBEDDINGS -> "/embeddings";
            case MESSAGES -> "/messages";
            case GENERATE_CONTENT -> "/models/" + pathSegment(model) + (stream ? ":streamGenerateContent" : ":generateContent");
        };
        return query == null || query.isEmpty() ? path : path + "?" + query;
    }

    /** Whether {@code operation} names its model in the path rather than in the body. */
    public static boolean modelInPath(Operation operation) {
        return operation == Operation.GENERATE_CONTENT;
    }

    /**
     * Whether {@code model} can stand as one path segment as it is: letters, digits, {@code . - _}
     * and no {@code ..}. Anything else ({@code /}, {@code ?}, {@code #}, {@code %}, {@code :},
     * whitespace, control characters) could reach another endpoint with the provider's key, so
     * such a model is refused, not escaped.
     */
    public static boolean fitsInPath(String model) {
        if (model == null || model.isEmpty() || model.length() > MAX_MODEL_IN_PATH || model.contains("..")) {
            return false;
        }
        for (int i = 0; i < model.length(); i++) {
            char c = model.charAt(i);
            boolean allowed = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || c == '.' || c == '-' || c == '_';
            if (!allowed) {
                return false;
            }
        }
        return true;
    }

    private static String pathSegment(String model) {
        if (!fitsInPath(model)) {
            throw new IllegalArgumentException("a model that cannot stand in a URL path: " + model);
        }
        return model;
    }
}
