package io.llmfailover.runtime.telemetry.usage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The facts read straight from an answer's bytes are the ones a full parse gives: checked against
 * {@link ResponseJson} over Jackson's tree on generated documents of every protocol's shape, with
 * repeated names, values of the wrong kind, escapes, wrappers and Gemini's arrays.
 */
class ResponseFactsReaderTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> NAMES = List.of("model", "modelVersion", "id", "responseId", "stop_reason",
            "object", "status", "type", "usage", "usageMetadata", "delta", "choices", "candidates", "response",
            "message", "content", "text", "index");
    private static final List<String> TOKEN_NAMES = List.of("input_tokens", "prompt_tokens", "output_tokens",
            "completion_tokens", "promptTokenCount", "candidatesTokenCount", "total_tokens");

    @Test
    void agreesWithAFullParseOnGeneratedAnswers() throws IOException {
        Random random = new Random(20261202);
        int withTokens = 0;
        int withReasons = 0;
        for (int i = 0; i < 3000; i++) {
            String document = random.nextInt(6) == 0 ? array(random) : document(random, 2);
            byte[] bytes = document.getBytes(StandardCharsets.UTF_8);
            List<Object> expected = byParser(bytes);
            assertEquals(expected, byReader(bytes), document);
            withTokens += expected.get(2) != null || expected.get(3) != null ? 1 : 0;
            withReasons += ((List<?>) expected.get(4)).isEmpty() ? 0 : 1;
        }
        // the generator reaches what is read, not only what is stepped over
        assertTrue(withTokens > 300 && withReasons > 300, withTokens + " with tokens, " + withReasons + " with reasons");
    }

    @Test
    void readsAStreamedChunkInsideALargerBuffer() {
        byte[] line = "data: {\"model\":\"gpt-4o\",\"usage\":{\"prompt_tokens\":3,\"completion_tokens\":4}}"
                .getBytes(StandardCharsets.UTF_8);
        ResponseFacts facts = new ResponseFacts();

        ResponseFactsReader.read(line, 5, line.length, facts);

        assertEquals(List.of("gpt-4o", 3L, 4L), List.of(facts.model(), facts.inputTokens(), facts.outputTokens()));
    }

    @Test
    void whatCameBeforeADocumentStopsBeingJsonStillCounts() {
        byte[] cut = "{\"model\":\"claude-3\",\"usage\":{\"input_tokens\":9},\"content\":[{\"text\":\"hal"
                .getBytes(StandardCharsets.UTF_8);
        ResponseFacts facts = new ResponseFacts();

        ResponseFactsReader.read(cut, 0, cut.length, facts);

        assertEquals("claude-3", facts.model());
        assertEquals(9L, facts.inputTokens());
        assertNull(facts.outputTokens());
    }

    private static List<Object> byReader(byte[] bytes) {
        ResponseFacts facts = new ResponseFacts();
        ResponseFactsReader.read(bytes, 0, bytes.length, facts);
        return factsOf(facts);
    }

    private static List<Object> byParser(byte[] bytes) throws IOException {
        ResponseFacts facts = new ResponseFacts();
        JsonNode tree = JSON.readTree(bytes);
        ResponseJson.read(tree, facts, false);
        return factsOf(facts);
    }

    private static List<Object> factsOf(ResponseFacts facts) {
        return Arrays.asList(facts.model(), facts.id(), facts.inputTokens(), facts.outputTokens(), facts.finishReasons());
    }

    private static String array(Random random) {
        List<String> elements = new ArrayList<>();
        for (int i = random.nextInt(4); i > 0; i--) {
            elements.add(random.nextInt(5) == 0 ? value(random, 1) : document(random, 1));
        }
        return space(random) + "[" + String.join("," + space(random), elements) + "]" + space(random);
    }

    private static String document(Random random, int depth) {
        List<String> members = new ArrayList<>();
        for (int i = random.nextInt(9); i > 0; i--) {
            String name = NAMES.get(random.nextInt(NAMES.size()));
            members.add(name(random, name) + space(random) + ":" + space(random) + valueFor(random, name, depth));
        }
        return "{" + space(random) + String.join("," + space(random), members) + space(random) + "}";
    }

    private static String valueFor(Random random, String name, int depth) {
        if (random.nextInt(8) == 0) {
            return value(random, 1);
        }
        return switch (name) {
            case "object" -> quoted(pick(random, "response", "chat.completion", "chat.completion.chunk"));
            case "status" -> quoted(pick(random, "completed", "in_progress", "incomplete", ""));
            case "type" -> quoted(pick(random, "message_start", "message_delta", "response.completed"));
            case "usage", "usageMetadata" -> usage(random);
            case "delta" -> "{\"stop_reason\":" + pick(random, "\"end_turn\"", "null", "3") + ",\"text\":\"x\"}";
            case "choices" -> reasons(random, "finish_reason");
            case "candidates" -> reasons(random, "finishReason");
            case "response", "message" -> depth > 0 ? document(random, depth - 1) : value(random, 1);
            default -> quoted(text(random));
        };
    }

    private static String usage(Random random) {
        List<String> members = new ArrayList<>();
        for (int i = random.nextInt(5); i > 0; i--) {
            String number = pick(random, Integer.toString(random.nextInt(100000)), "-7", "12.9", "3e2",
                    "123456789012345678901", "\"12\"", "null", "{\"n\":1}");
            members.add(quoted(TOKEN_NAMES.get(random.nextInt(TOKEN_NAMES.size()))) + ":" + space(random) + number);
        }
        return "{" + String.join(",", members) + "}";
    }

    private static String reasons(Random random, String field) {
        List<String> elements = new ArrayList<>();
        for (int i = random.nextInt(4); i > 0; i--) {
            elements.add(random.nextInt(6) == 0 ? value(random, 1)
                    : "{\"index\":" + i + ",\"" + field + "\":" + pick(random, "\"stop\"", "\"length\"", "null", "\"\"")
                            + ",\"message\":{\"content\":" + quoted(text(random)) + "}}");
        }
        return "[" + String.join(",", elements) + "]";
    }

    private static String value(Random random, int depth) {
        return switch (depth == 0 ? random.nextInt(4) : random.nextInt(6)) {
            case 0 -> quoted(text(random));
            case 1 -> pick(random, "0", "-1", "2.5", "1e3", "99999999999999999999");
            case 2 -> pick(random, "true", "false", "null");
            case 3 -> Integer.toString(random.nextInt());
            case 4 -> "[" + value(random, depth - 1) + "," + value(random, depth - 1) + "]";
            default -> "{" + quoted(text(random)) + ":" + value(random, depth - 1) + ",\"model\":"
                    + value(random, depth - 1) + "}";
        };
    }

    /** A member name, now and then written with an escape that a reader must decode to match. */
    private static String name(Random random, String name) {
        return random.nextInt(10) == 0 ? "\"\\u00" + Integer.toHexString(name.charAt(0)) + name.substring(1) + "\""
                : quoted(name);
    }

    private static String text(Random random) {
        String[] pieces = {"a", "b", "{", "}", "[", "]", ",", ":", " ", "\\\"", "\\\\", "\\/", "\\n", "\\u00e9",
                "\\ud83d\\ude00", "\u6a21", "\u00e9", "\ud83d\ude00"};
        StringBuilder text = new StringBuilder();
        for (int i = random.nextInt(10); i > 0; i--) {
            text.append(pieces[random.nextInt(pieces.length)]);
        }
        return text.toString();
    }

    private static String quoted(String escapedText) {
        return "\"" + escapedText + "\"";
    }

    private static String space(Random random) {
        return pick(random, "", "", " ", "\n  ", "\t");
    }

    private static String pick(Random random, String... choices) {
        return choices[random.nextInt(choices.length)];
    }
}
