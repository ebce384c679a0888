package io.llmfailover.runtime.protocol.translate.model;

import com.fasterxml.jackson.databind.JsonNode;

/** A request for JSON output: any object, or one matching {@code schema}. */
public record OutputFormat(Kind kind, String name, JsonNode schema) {

    public enum Kind { JSON_OBJECT, JSON_SCHEMA }

    public static final OutputFormat JSON_OBJECT = new OutputFormat(Kind.JSON_OBJECT, null, null);
}
