package io.llmfailover.runtime.protocol;

/**
 * Reads the top-level {@code model} and {@code stream} fields of a JSON request body without binding
 * the rest of it: it happens on every call, so it steps over the body without a parser. A fallback
 * to another model rewrites the model with {@code protocol.translate.ModelRewrite}.
 */
public final class JsonModelField {

    private JsonModelField() {}

    /** The top-level model and stream flag; a body that is not a JSON object gives (null, false). */
    public static ModelAndStream read(byte[] body) {
        String model = null;
        boolean stream = false;
        JsonMembers members = JsonMembers.of(body);
        while (members.next()) {
            if (members.nameIs("model")) {
                String value = members.stringValue();
                model = value != null ? value : model;
            } else if (members.nameIs("stream")) {
                stream = members.isTrue();
            }
        }
        return new ModelAndStream(model, stream);
    }

    public record ModelAndStream(String model, boolean stream) {}
}
