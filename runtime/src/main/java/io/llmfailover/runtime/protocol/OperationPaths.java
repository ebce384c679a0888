package io.llmfailover.runtime.protocol;

/** The path of each operation relative to a provider's base URL. */
public final class OperationPaths {

    /** Longer than any model name a provider publishes. */
    static final int MAX_MODEL_IN_PATH = 200;
    /** Bedrock model ids may be ARNs (inference profiles, provisioned throughput), up to 2048 characters. */
    private static final int MAX_ESCAPED_MODEL = 2048;

    private OperationPaths() {}

    /**
     * @param model used by Gemini and Bedrock, whose model is part of the path; it must {@link #fitsInPath fit}
     *     (Gemini) or be {@link #escapable} (Bedrock)
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
            case CONVERSE -> "/model/" + escapedSegment(model) + (stream ? "/converse-stream" : "/converse");
        };
        return query == null || query.isEmpty() ? path : path + "?" + query;
    }

    /** Claude's InvokeModel on Bedrock: {@code /model/<model>/invoke} or {@code /invoke-with-response-stream}. */
    public static String invokeModel(String model, boolean stream) {
        return "/model/" + escapedSegment(model) + (stream ? "/invoke-with-response-stream" : "/invoke");
    }

    /** Whether {@code operation} names its model in the path rather than in the body. */
    public static boolean modelInPath(Operation operation) {
        return operation == Operation.GENERATE_CONTENT || operation == Operation.CONVERSE;
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
            if (!PathSegment.unreserved(model.charAt(i)) || model.charAt(i) == '~') {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether {@code model} can be sent as one percent-escaped path segment (Bedrock's model ids hold
     * {@code :} and may be ARNs with {@code /}): not empty, not too long, and not made of dots alone,
     * which no escaping keeps from meaning "this directory" or "the one above".
     */
    public static boolean escapable(String model) {
        return model != null && !model.isEmpty() && model.length() <= MAX_ESCAPED_MODEL && !PathSegment.dotsOnly(model);
    }

    /** The model an escaped path segment names (as the AWS SDK escapes an id's {@code :} and an ARN's {@code /}), or null when none can. */
    public static String modelOfSegment(String segment) {
        String model = PathSegment.unescaped(segment);
        return escapable(model) ? model : null;
    }

    /** The model as one path segment: every byte of its UTF-8 form but the URL's unreserved characters escaped. */
    static String escapedSegment(String model) {
        if (!escapable(model)) {
            throw new IllegalArgumentException("a model that cannot stand in a URL path: " + model);
        }
        return PathSegment.escaped(model, false);
    }

    private static String pathSegment(String model) {
        if (!fitsInPath(model)) {
            throw new IllegalArgumentException("a model that cannot stand in a URL path: " + model);
        }
        return model;
    }
}
