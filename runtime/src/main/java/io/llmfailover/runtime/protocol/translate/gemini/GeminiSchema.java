package io.llmfailover.runtime.protocol.translate.gemini;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.translate.Json;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * A JSON Schema cut down to the OpenAPI subset Gemini's {@code parameters} and {@code responseSchema}
 * accept: unknown keywords ({@code $schema}, {@code additionalProperties}, {@code strict} …) are
 * removed and a {@code ["string","null"]} type becomes a nullable string.
 */
final class GeminiSchema {

    private static final Set<String> KEPT = Set.of("type", "format", "title", "description", "nullable", "enum",
            "maxItems", "minItems", "properties", "required", "minProperties", "maxProperties", "minLength",
            "maxLength", "pattern", "example", "anyOf", "propertyOrdering", "default", "items", "minimum", "maximum");

    private GeminiSchema() {}

    static JsonNode clean(JsonNode schema) {
        if (!(schema instanceof ObjectNode object)) {
            return schema;
        }
        ObjectNode cleaned = Json.object();
        Iterator<Map.Entry<String, JsonNode>> fields = object.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> field = fields.next();
            String key = field.getKey();
            JsonNode value = field.getValue();
            if (key.equals("const")) {
                cleaned.putArray("enum").add(value);
            } else if (!KEPT.contains(key)) {
                continue;
            } else if (key.equals("type") && value.isArray()) {
                cleanType((ArrayNode) value, cleaned);
            } else if (key.equals("properties") && value.isObject()) {
                ObjectNode properties = cleaned.putObject("properties");
                value.fields().forEachRemaining(property -> properties.set(property.getKey(), clean(property.getValue())));
            } else if (key.equals("items")) {
                cleaned.set("items", clean(value));
            } else if (key.equals("anyOf") && value.isArray()) {
                ArrayNode anyOf = cleaned.putArray("anyOf");
                value.forEach(option -> anyOf.add(clean(option)));
            } else {
                cleaned.set(key, value);
            }
        }
        return cleaned;
    }

    private static void cleanType(ArrayNode types, ObjectNode cleaned) {
        for (JsonNode type : types) {
            if ("null".equals(type.asText())) {
                cleaned.put("nullable", true);
            } else if (!cleaned.has("type")) {
                cleaned.put("type", type.asText());
            }
        }
    }

    /** Whether the schema declares no argument at all (Gemini rejects an object type with empty properties). */
    static boolean declaresNothing(JsonNode schema) {
        return schema == null || (schema.path("properties").isObject() && schema.path("properties").isEmpty()
                && !schema.has("anyOf"));
    }
}
