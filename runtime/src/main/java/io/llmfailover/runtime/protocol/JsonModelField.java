package io.llmfailover.runtime.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.translate.Json;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Reads and rewrites the top-level {@code model} and {@code stream} fields of a JSON request body
 * without binding the rest of it. Reading happens on every call, so it steps over the body without
 * a parser; rewriting happens only on a failover to another model.
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

    /** The body with its top-level model replaced; the body itself when nothing changes. */
    public static byte[] rewrite(byte[] body, String currentModel, String newModel) {
        if (newModel == null || newModel.equals(currentModel)) {
            return body;
        }
        try {
            JsonNode tree = Json.MAPPER.readTree(body);
            if (!(tree instanceof ObjectNode object)) {
                return body;
            }
            object.put("model", newModel);
            return Json.MAPPER.writeValueAsBytes(object);
        } catch (IOException e) {
            throw new UncheckedIOException("request body is not JSON", e);
        }
    }

    public record ModelAndStream(String model, boolean stream) {}
}
