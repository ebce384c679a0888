package io.llmfailover.runtime.protocol.translate.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** A function the model may call; {@code schema} is the JSON Schema of its arguments, or null. */
public record ToolSpec(String name, String description, JsonNode schema) {

    /** The schema of any object: for a tool declared without one, where the target requires one. */
    public static ObjectNode anyObjectSchema() {
        ObjectNode schema = JsonNodeFactory.instance.objectNode().put("type", "object");
        schema.putObject("properties");
        return schema;
    }

    /** This tool's schema, or {@link #anyObjectSchema()} when it has none. */
    public JsonNode schemaOrAnyObject() {
        return schema == null ? anyObjectSchema() : schema;
    }
}
