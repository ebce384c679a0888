package io.llmfailover.runtime.protocol;

import io.llmfailover.runtime.provider.Protocol;

/**
 * The paths of Vertex AI's publisher models, relative to a base URL that ends in
 * {@code /projects/<project>/locations/<location>}:
 * {@code /publishers/google/models/<model>:generateContent} (or {@code :streamGenerateContent}) and
 * {@code /publishers/anthropic/models/<model>:rawPredict} (or {@code :streamRawPredict}).
 *
 * <p>The model is percent-encoded into its segment: letters, digits, {@code - . _ ~} and the
 * {@code @} of Claude's versioned ids ({@code claude-sonnet-4@20250514}, a legal path character)
 * stay as they are, every other byte is escaped, so no model a caller names reaches another path.
 */
public final class VertexPaths {

    private VertexPaths() {}

    /**
     * @throws IllegalArgumentException for a model that cannot be one segment even escaped
     *     (empty, {@code .}, {@code ..}, or too long): callers check {@link #fitsInPath} first
     */
    public static String of(Protocol target, String model, boolean stream) {
        if (!fitsInPath(model)) {
            throw new IllegalArgumentException("a model that cannot stand in a Vertex AI path: " + model);
        }
        return target.vertexModelsPath() + PathSegment.escaped(model, true) + ":" + verb(target, stream);
    }

    /** Whether {@code model} can be a path segment once escaped. */
    public static boolean fitsInPath(String model) {
        return model != null && !model.isEmpty() && model.length() <= OperationPaths.MAX_MODEL_IN_PATH
                && !model.equals(".") && !model.equals("..");
    }

    /** The operation a POST to {@code rawPath} is for {@code protocol}'s publisher, or null for any other path. */
    public static Operation operationOf(Protocol protocol, String rawPath) {
        if (parse(protocol, rawPath) == null) {
            return null;
        }
        return protocol.wire() == Protocol.GEMINI ? Operation.GENERATE_CONTENT : Operation.MESSAGES;
    }

    /**
     * The model (unescaped) and stream flag of the call {@code rawPath} names on {@code protocol}'s
     * publisher, or null when it names none.
     */
    public static JsonModelField.ModelAndStream parse(Protocol protocol, String rawPath) {
        String models = protocol.vertexModelsPath();
        int start = models == null ? -1 : rawPath.lastIndexOf(models);
        int colon = rawPath.lastIndexOf(':');
        if (start < 0 || colon < start + models.length() + 1) {
            return null;
        }
        String segment = rawPath.substring(start + models.length(), colon);
        String verb = rawPath.substring(colon + 1);
        boolean stream = verb.equals(verb(protocol, true));
        if (segment.indexOf('/') >= 0 || !(stream || verb.equals(verb(protocol, false)))) {
            return null;
        }
        String model = PathSegment.unescaped(segment);
        return model == null ? null : new JsonModelField.ModelAndStream(model, stream);
    }

    private static String verb(Protocol protocol, boolean stream) {
        if (protocol.wire() == Protocol.GEMINI) {
            return stream ? "streamGenerateContent" : "generateContent";
        }
        return stream ? "streamRawPredict" : "rawPredict";
    }
}
