package io.llmfailover.runtime.protocol.translate;

import static io.llmfailover.runtime.testing.Generator.anyText;
import static io.llmfailover.runtime.testing.Generator.elementOf;
import static io.llmfailover.runtime.testing.Generator.oneOf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ContainerNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.testing.Generator;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * JSON for the translators' property tests: trees in the protocols' own vocabulary with values of
 * every type, valid bodies with nodes replaced or removed, and bodies broken as text.
 */
final class JsonValues {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** The field names the three protocols use, so that generated trees reach the readers' branches. */
    private static final List<String> FIELDS = List.of("model", "messages", "role", "content", "type", "text", "tools",
            "tool_calls", "tool_call_id", "function", "name", "arguments", "parameters", "id", "index", "choices", "delta",
            "message", "finish_reason", "usage", "prompt_tokens", "completion_tokens", "image_url", "url", "detail",
            "max_tokens", "max_completion_tokens", "stream", "stream_options", "tool_choice", "response_format", "json_schema",
            "schema", "stop", "temperature", "top_p", "n", "system", "source", "media_type", "data", "tool_use_id", "input",
            "is_error", "thinking", "signature", "stop_reason", "stop_sequence", "input_schema", "cache_control",
            "contents", "parts", "inlineData", "mimeType", "fileData", "fileUri", "functionCall", "functionResponse", "args",
            "response", "candidates", "finishReason", "usageMetadata", "promptTokenCount", "candidatesTokenCount",
            "systemInstruction", "generationConfig", "maxOutputTokens", "responseMimeType", "responseSchema", "toolConfig",
            "functionCallingConfig", "mode", "allowedFunctionNames", "functionDeclarations", "instructions", "output",
            "call_id", "store", "previous_response_id", "max_output_tokens", "reasoning", "effort", "format", "refusal",
            "error", "object", "created", "thoughtSignature", "thought", "properties", "required", "items", "enum", "anyOf");

    private static final List<String> WORDS = List.of("user", "assistant", "system", "developer", "tool", "function", "model",
            "text", "image_url", "image", "tool_use", "tool_result", "thinking", "redacted_thinking", "document", "base64", "url",
            "auto", "none", "required", "any", "json_object", "json_schema", "object", "string", "array", "stop", "length",
            "tool_calls", "end_turn", "max_tokens", "STOP", "MAX_TOKENS", "SAFETY", "input_text", "output_text", "message",
            "function_call", "function_call_output", "input_image", "data:image/png;base64,AAAA", "data:;base64,", "data:",
            "data:image/png,raw", "https://example.org/a.png", "gs://bucket/x", "{\"city\":\"Paris\"}", "{", "", "low", "high");

    private JsonValues() {}

    /** Any JSON value, nested up to {@code depth} containers. */
    static Generator<JsonNode> anyValue(int depth) {
        Generator<JsonNode> scalar = oneOf(
                random -> NODES.textNode(elementOf(WORDS).next(random)),
                random -> NODES.textNode(anyText(12).next(random)),
                random -> NODES.numberNode(random.nextInt(5) - 1),
                random -> NODES.numberNode(random.nextLong()),
                random -> NODES.numberNode(new BigInteger(1 + random.nextInt(200), random)),
                random -> NODES.numberNode(new BigDecimal(new BigInteger(1 + random.nextInt(60), random), random.nextInt(800) - 400)),
                random -> NODES.numberNode(Double.longBitsToDouble(random.nextLong())),
                random -> NODES.booleanNode(random.nextBoolean()),
                random -> NODES.nullNode());
        if (depth == 0) {
            return scalar;
        }
        Generator<JsonNode> inner = anyValue(depth - 1);
        return random -> switch (random.nextInt(5)) {
            case 0 -> {
                ArrayNode array = NODES.arrayNode();
                for (int i = random.nextInt(4); i > 0; i--) {
                    array.add(inner.next(random));
                }
                yield array;
            }
            case 1, 2 -> {
                ObjectNode object = NODES.objectNode();
                for (int i = random.nextInt(5); i > 0; i--) {
                    object.set(random.nextInt(8) == 0 ? anyText(6).next(random) : elementOf(FIELDS).next(random), inner.next(random));
                }
                yield object;
            }
            default -> scalar.next(random);
        };
    }

    /** A valid body with one to four nodes replaced by any value, removed, or put in a one-element array. */
    static Generator<JsonNode> edited(byte[] valid) {
        return edited(Json.parseObject(valid));
    }

    static Generator<JsonNode> edited(JsonNode original) {
        Generator<JsonNode> replacement = anyValue(2);
        return random -> {
            JsonNode tree = original.deepCopy();
            for (int edits = 1 + random.nextInt(4); edits > 0; edits--) {
                List<ContainerNode<?>> containers = new ArrayList<>();
                collect(tree, containers);
                if (containers.isEmpty()) {
                    break;
                }
                edit(containers.get(random.nextInt(containers.size())), random, replacement);
            }
            return tree;
        };
    }

    /** A valid body as text with some damage: cut short, bytes flipped, or text inserted. */
    static Generator<byte[]> brokenText(byte[] valid) {
        return random -> {
            byte[] bytes = valid.clone();
            return switch (random.nextInt(3)) {
                case 0 -> Arrays.copyOf(bytes, random.nextInt(bytes.length));
                case 1 -> {
                    for (int flips = 1 + random.nextInt(4); flips > 0; flips--) {
                        bytes[random.nextInt(bytes.length)] = (byte) random.nextInt(256);
                    }
                    yield bytes;
                }
                default -> {
                    int at = random.nextInt(bytes.length);
                    byte[] inserted = elementOf("{", "}", "[", "]", ",", "\"", ":", "null", "\\u0000", "1e99999", "[".repeat(3000))
                            .next(random).getBytes(StandardCharsets.UTF_8);
                    byte[] longer = new byte[bytes.length + inserted.length];
                    System.arraycopy(bytes, 0, longer, 0, at);
                    System.arraycopy(inserted, 0, longer, at, inserted.length);
                    System.arraycopy(bytes, at, longer, at + inserted.length, bytes.length - at);
                    yield longer;
                }
            };
        };
    }

    /** Any body: a tree, an edited valid body, or broken text, as the bytes an app or a provider would send. */
    static Generator<String> anyBody(byte[] valid) {
        return oneOf(
                anyValue(4).map(Json::write),
                edited(valid).map(Json::write),
                edited(valid).map(Json::write),
                brokenText(valid).map(bytes -> new String(bytes, StandardCharsets.UTF_8)));
    }

    private static void collect(JsonNode node, List<ContainerNode<?>> containers) {
        if (node instanceof ContainerNode<?> container && !node.isEmpty()) {
            containers.add(container);
            node.forEach(child -> collect(child, containers));
        }
    }

    private static void edit(ContainerNode<?> container, Random random, Generator<JsonNode> replacement) {
        int at = random.nextInt(container.size());
        if (container instanceof ObjectNode object) {
            String field = new ArrayList<>(object.properties()).get(at).getKey();
            switch (random.nextInt(3)) {
                case 0 -> object.remove(field);
                case 1 -> object.set(field, NODES.arrayNode().add(object.get(field)));
                default -> object.set(field, replacement.next(random));
            }
        } else if (container instanceof ArrayNode array) {
            switch (random.nextInt(3)) {
                case 0 -> array.remove(at);
                case 1 -> array.insert(at, array.get(at).deepCopy());
                default -> array.set(at, replacement.next(random));
            }
        }
    }
}
