package io.llmfailover.runtime.protocol.translate.model;

import com.fasterxml.jackson.databind.JsonNode;

/** A function the model may call; {@code schema} is the JSON Schema of its arguments, or null. */
public record ToolSpec(String name, String description, JsonNode schema) {}
