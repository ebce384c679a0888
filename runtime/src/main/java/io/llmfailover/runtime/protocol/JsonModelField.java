package io.llmfailover.runtime.protocol;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Reads and rewrites the top-level {@code model} and {@code stream} fields of a JSON request body
 * without binding the rest of it.
 */
public final class JsonModelField {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final JsonFactory FACTORY = MAPPER.getFactory();

    private JsonModelField() {}

    /** The top-level model and stream flag; a body that is not a JSON object gives (null, false). */
    public static ModelAndStream read(byte[] body) {
        String model = null;
        boolean stream = false;
        try (JsonParser parser = FACTORY.createParser(body)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return new ModelAndStream(null, false);
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                JsonToken value = parser.nextToken();
                if ("model".equals(field) && value == JsonToken.VALUE_STRING) {
                    model = parser.getText();
                } else if ("stream".equals(field)) {
                    stream = value == JsonToken.VALUE_TRUE;
                } else {
                    parser.skipChildren();
                }
            }
        } catch (IOException malformed) {
            return new ModelAndStream(model, stream);
        }
        return new ModelAndStream(model, stream);
    }

    /** The body with its top-level model replaced; the body itself when nothing changes. */
    public static byte[] rewrite(byte[] body, String currentModel, String newModel) {
        if (newModel == null || newModel.equals(currentModel)) {
            return body;
        }
        try {
            JsonNode tree = MAPPER.readTree(body);
            if (!(tree instanceof ObjectNode object)) {
                return body;
            }
            object.put("model", newModel);
            return MAPPER.writeValueAsBytes(object);
        } catch (IOException e) {
            throw new UncheckedIOException("request body is not JSON", e);
        }
    }

    public record ModelAndStream(String model, boolean stream) {}
}
