package io.llmfailover.runtime.protocol.translate.openai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.translate.Json;
import io.llmfailover.runtime.protocol.translate.model.DroppedFields;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/** Applies an {@link OpenAiDialect} to a Chat Completions request body, in place. */
public final class OpenAiDialectRewrite {

    private static final String ALPHANUMERIC = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

    private OpenAiDialectRewrite() {}

    public static void apply(ObjectNode body, OpenAiDialect dialect, DroppedFields dropped) {
        renameOutputLimit(body, dialect);
        clampTemperature(body, dialect);
        rewriteToolChoice(body, dialect, dropped);
        for (Map.Entry<String, String> rename : dialect.renamedFields().entrySet()) {
            JsonNode value = body.remove(rename.getKey());
            if (value != null) {
                body.set(rename.getValue(), value);
            }
        }
        for (String field : dialect.unsupportedFields()) {
            if (body.remove(field) != null) {
                dropped.add(field);
            }
        }
        for (JsonNode message : Json.elements(body, "messages")) {
            if (message instanceof ObjectNode object) {
                rewriteMessage(object, dialect, dropped);
            }
        }
        if (dialect.stripNulls()) {
            stripNulls(body);
        }
    }

    private static void renameOutputLimit(ObjectNode body, OpenAiDialect dialect) {
        String wanted = dialect.maxTokensField();
        if (wanted == null) {
            return;
        }
        String other = wanted.equals("max_tokens") ? "max_completion_tokens" : "max_tokens";
        JsonNode value = body.remove(other);
        if (value != null && !body.has(wanted)) {
            body.set(wanted, value);
        }
    }

    private static void clampTemperature(ObjectNode body, OpenAiDialect dialect) {
        Double temperature = Json.number(body, "temperature");
        if (temperature != null && temperature > dialect.maxTemperature()) {
            body.put("temperature", dialect.maxTemperature());
        }
    }

    private static void rewriteToolChoice(ObjectNode body, OpenAiDialect dialect, DroppedFields dropped) {
        JsonNode choice = Json.field(body, "tool_choice");
        if (choice == null) {
            return;
        }
        boolean required = choice.isTextual() && choice.asText().equals("required");
        boolean named = choice.isObject();
        if ((required || (named && !dialect.namedToolChoice())) && !"required".equals(dialect.requiredToolChoice())) {
            if (dialect.requiredToolChoice() == null) {
                body.remove("tool_choice");
                dropped.add("tool_choice");
            } else {
                body.put("tool_choice", dialect.requiredToolChoice());
            }
            if (named) {
                dropped.add("tool_choice.function");
            }
        }
    }

    private static void rewriteMessage(ObjectNode message, OpenAiDialect dialect, DroppedFields dropped) {
        if (dialect.dropMessageNames() && message.remove("name") != null) {
            dropped.add("messages[].name");
        }
        if (dialect.toolIds() == OpenAiDialect.ToolIdFormat.ALPHANUMERIC_9) {
            if (message.hasNonNull("tool_call_id")) {
                message.put("tool_call_id", alphanumeric9(message.get("tool_call_id").asText()));
            }
            for (JsonNode call : Json.elements(message, "tool_calls")) {
                if (call instanceof ObjectNode object && object.hasNonNull("id")) {
                    object.put("id", alphanumeric9(object.get("id").asText()));
                }
            }
        }
        boolean hasToolCalls = message.path("tool_calls").isArray() && message.path("tool_calls").size() > 0;
        if (dialect.toolCallReasoningFiller() != null && hasToolCalls && !message.hasNonNull("reasoning_content")) {
            message.put("reasoning_content", dialect.toolCallReasoningFiller());
        }
        if (dialect.flattenTextContent()) {
            flattenText(message);
        }
    }

    private static void flattenText(ObjectNode message) {
        JsonNode content = message.get("content");
        if (content == null || !content.isArray()) {
            return;
        }
        for (JsonNode part : content) {
            if (!"text".equals(Json.text(part, "type"))) {
                return;
            }
        }
        message.put("content", OpenAiRequestReader.joinedText(content));
    }

    /**
     * The id as nine characters of {@code [a-zA-Z0-9]}: kept when it already is, else derived from a
     * hash, so a call and its result keep matching ids.
     */
    static String alphanumeric9(String id) {
        if (id.length() == 9 && id.chars().allMatch(c -> ALPHANUMERIC.indexOf(c) >= 0)) {
            return id;
        }
        byte[] hash = sha256(id);
        StringBuilder out = new StringBuilder(9);
        for (int i = 0; i < 9; i++) {
            out.append(ALPHANUMERIC.charAt((hash[i] & 0xff) % ALPHANUMERIC.length()));
        }
        return out.toString();
    }

    private static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JVM", e);
        }
    }

    private static void stripNulls(JsonNode node) {
        if (node instanceof ObjectNode object) {
            List<String> nulls = new ArrayList<>();
            Iterator<Map.Entry<String, JsonNode>> fields = object.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                if (field.getValue().isNull()) {
                    nulls.add(field.getKey());
                } else {
                    stripNulls(field.getValue());
                }
            }
            object.remove(nulls);
        } else if (node instanceof ArrayNode array) {
            array.forEach(OpenAiDialectRewrite::stripNulls);
        }
    }
}
