package io.llmfailover.runtime.protocol.translate;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** The runtime's one JSON mapper, and the few reads every protocol reader needs. */
public final class Json {

    /**
     * Made as this class is first used, never with a class that only may need it: a mapper loads a
     * few hundred classes, a tenth of a second on a JVM's first call, which a pass-through never needs.
     */
    public static final ObjectMapper MAPPER = new ObjectMapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private Json() {}

    public static ObjectNode object() {
        return NODES.objectNode();
    }

    public static ArrayNode array() {
        return NODES.arrayNode();
    }

    /** The body as a JSON object; {@link MalformedBodyException} when it is not one. */
    public static ObjectNode parseObject(byte[] body) {
        try {
            JsonNode node = MAPPER.readTree(body);
            if (node instanceof ObjectNode object) {
                return object;
            }
        } catch (IOException malformed) {
            throw new MalformedBodyException("body is not valid JSON");
        }
        throw new MalformedBodyException("body is not a JSON object");
    }

    public static ObjectNode parseObject(String text) {
        return parseObject(text.getBytes(StandardCharsets.UTF_8));
    }

    /** The text as a JSON object, or null when it is not one (tool arguments written by a model). */
    public static ObjectNode parseObjectOrNull(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        try {
            JsonNode node = MAPPER.readTree(text);
            return node instanceof ObjectNode object ? object : null;
        } catch (IOException malformed) {
            return null;
        }
    }

    public static String write(JsonNode node) {
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a JSON tree could not be written", e);
        }
    }

    public static byte[] bytes(JsonNode node) {
        return write(node).getBytes(StandardCharsets.UTF_8);
    }

    /** The field as text when it is a string, else null. */
    public static String text(JsonNode node, String field) {
        JsonNode value = node == null ? null : node.get(field);
        return value != null && value.isTextual() ? value.asText() : null;
    }

    /** The field when present and not JSON null, else null. */
    public static JsonNode field(JsonNode node, String field) {
        JsonNode value = node == null ? null : node.get(field);
        return value == null || value.isNull() || value.isMissingNode() ? null : value;
    }

    public static Double number(JsonNode node, String field) {
        JsonNode value = field(node, field);
        return value != null && value.isNumber() ? value.asDouble() : null;
    }

    public static Integer integer(JsonNode node, String field) {
        JsonNode value = field(node, field);
        return value != null && value.isNumber() ? value.asInt() : null;
    }

    public static long count(JsonNode node, String field) {
        JsonNode value = field(node, field);
        return value != null && value.isNumber() ? value.asLong() : 0;
    }

    /** The field as an array; an empty array when absent or of another type. */
    public static Iterable<JsonNode> elements(JsonNode node, String field) {
        JsonNode value = field(node, field);
        return value != null && value.isArray() ? value : array();
    }
}
