package io.llmfailover.runtime.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.JsonModelField.ModelAndStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class JsonModelFieldTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Test
    void readsTheTopLevelModelAndStreamWhereverTheyAre() {
        assertEquals(new ModelAndStream("gpt-4o", true), read("{\"model\":\"gpt-4o\",\"stream\":true}"));
        assertEquals(new ModelAndStream("gpt-4o", false),
                read("{\"messages\":[{\"role\":\"user\",\"content\":\"say {\\\"model\\\":\\\"x\\\"} ]}\"}],"
                        + "\"metadata\":{\"model\":\"nested\",\"stream\":true},\"model\":\"gpt-4o\"}"));
        assertEquals(new ModelAndStream("m", true), read(" \n{ \"stream\" : true , \"model\" :\t\"m\" } "));
    }

    @Test
    void decodesEscapesInTheModelAndInMemberNames() {
        assertEquals("gpt-4o", read("{\"model\":\"gpt\\u002d4o\"}").model());
        assertEquals("a\"b\\c/d\n", read("{\"model\":\"a\\\"b\\\\c\\/d\\n\"}").model());
        assertEquals("模型-😀", read("{\"model\":\"模型-\\ud83d\\ude00\"}").model());
        assertEquals("m", read("{\"mod\\u0065l\":\"m\"}").model());
    }

    @Test
    void aModelThatIsNoStringIsIgnoredAndOnlyTheLiteralTrueStreams() {
        assertEquals(new ModelAndStream("first", false), read("{\"model\":\"first\",\"model\":{\"id\":1},\"stream\":\"true\"}"));
        assertEquals(new ModelAndStream(null, false), read("{\"model\":null,\"stream\":1}"));
        assertEquals(new ModelAndStream("last", false), read("{\"model\":\"a\",\"stream\":true,\"model\":\"last\",\"stream\":false}"));
        assertEquals(new ModelAndStream(null, false), read("{\"stream\":truer}"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "  ", "[]", "[{\"model\":\"m\"}]", "\"model\"", "null", "{", "{\"model\"", "{\"model\":",
        "{\"model\":\"unterminated", "{model:\"m\"}", "{\"model\" \"m\"}"})
    void whatIsNoJsonObjectGivesNoModelAndNoException(String body) {
        assertEquals(new ModelAndStream(null, false), read(body));
    }

    @Test
    void aBodyThatBreaksOffKeepsWhatCameBeforeTheBreak() {
        assertEquals(new ModelAndStream("m", true), read("{\"model\":\"m\",\"stream\":true x \"model\":\"later\"}"));
        assertEquals(new ModelAndStream("m", false), read("{\"model\":\"m\",\"messages\":[{\"content\":\"cut"));
    }

    @Test
    void aByteOrderMarkIsSkipped() {
        byte[] body = ("\uFEFF{\"model\":\"m\"}").getBytes(StandardCharsets.UTF_8);
        assertEquals("m", JsonModelField.read(body).model());
    }

    /** Text is stepped over eight bytes at a time: an escape or a closing quote may fall on any byte of a word. */
    @Test
    void findsEscapesAndTheClosingQuoteWhereverTheyFallInAWord() {
        for (int padding = 0; padding < Long.BYTES; padding++) {
            for (int at = 0; at <= 2 * Long.BYTES + 1; at++) {
                for (String escape : new String[] {"\\\"", "\\\\", "\\u0022", "é\\\"", ""}) {
                    String text = "x".repeat(at) + escape + "\u00e9".repeat(at % 3);
                    String json = " ".repeat(padding) + "{\"messages\":[{\"content\":\"" + text + "\"}],\"note\":\""
                            + text + "\",\"model\":\"m" + at + "\",\"stream\":true}";
                    assertEquals(new ModelAndStream("m" + at, true), read(json), json);
                }
            }
        }
        assertEquals(new ModelAndStream(null, false), read("{\"model\":\"never closed\\\""), "an escape as the last byte");
    }

    @Test
    void agreesWithAFullParserOnGeneratedRequests() throws IOException {
        Random random = new Random(20261202);
        for (int i = 0; i < 2000; i++) {
            ObjectNode request = randomRequest(random);
            byte[] body = written(request, random);
            assertEquals(byParser(body), JsonModelField.read(body), () -> new String(body, StandardCharsets.UTF_8));
        }
    }

    @Test
    void aRewriteReplacesTheModelsValueAndKeepsEveryOtherByteAsWritten() {
        String body = " {\"messages\" : [{\"content\":\"say \\\"model\\\": x\", \"model\":\"inner\"}],\n"
                + "  \"model\" :\t\"gpt-4o\" , \"temperature\": 1.0E0, \"n\":1}\n";

        assertEquals(body.replace("\t\"gpt-4o\"", "\t\"gpt-4o-2024-08-06\""),
                rewrite(body, "gpt-4o", "gpt-4o-2024-08-06"));
    }

    @Test
    void aRewriteEscapesTheNewModelAndReplacesEveryTopLevelModelMember() throws IOException {
        String rewritten = rewrite("{\"model\":\"a\",\"stream\":true,\"model\":null}", "a", "say \"hi\"\\模型\n");

        assertEquals("{\"model\":\"say \\\"hi\\\"\\\\模型\\n\",\"stream\":true,\"model\":\"say \\\"hi\\\"\\\\模型\\n\"}", rewritten);
        assertEquals("say \"hi\"\\模型\n", MAPPER.readTree(rewritten).get("model").asText());
    }

    @Test
    void whatTheWalkCannotVouchForIsLeftToTheParser() {
        assertEquals("{\"messages\":[],\"model\":\"m\"}", rewrite("{\"messages\":[]}", null, "m"), "no model: one is added");
        assertEquals("{\"model\":\"m\"}", rewrite("{\"model\":\"a\"} {\"x\":1}", "a", "m"),
                "more after the object: the parser reads the first");
        assertEquals("[1]", rewrite("[1]", null, "m"), "not an object: unchanged");
        assertThrows(UncheckedIOException.class, () -> rewrite("{\"model\":\"a\",\"messages\":[", "a", "m"));
    }

    @Test
    void aRewriteAgreesWithAFullParserOnGeneratedRequests() throws IOException {
        Random random = new Random(20261203);
        for (int i = 0; i < 2000; i++) {
            ObjectNode request = randomRequest(random);
            byte[] body = written(request, random);
            String model = randomText(random);
            ObjectNode expected = (ObjectNode) MAPPER.readTree(body);
            expected.put("model", model);

            byte[] rewritten = JsonModelField.rewrite(body, "not " + model, model);

            assertEquals(expected, MAPPER.readTree(rewritten), () -> new String(body, StandardCharsets.UTF_8));
        }
    }

    /** The request as an app writes it, compact or pretty-printed. */
    private static byte[] written(ObjectNode request, Random random) throws IOException {
        return random.nextBoolean()
                ? MAPPER.writeValueAsBytes(request)
                : MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(request);
    }

    private static ObjectNode randomRequest(Random random) {
        ObjectNode request = JsonNodeFactory.instance.objectNode();
        int members = random.nextInt(6);
        for (int i = 0; i < members; i++) {
            switch (random.nextInt(5)) {
                case 0 -> request.put("model", randomText(random));
                case 1 -> request.put("stream", random.nextBoolean());
                case 2 -> request.set("model", randomValue(random, 2));
                default -> request.set(randomText(random), randomValue(random, 3));
            }
        }
        return request;
    }

    private static com.fasterxml.jackson.databind.JsonNode randomValue(Random random, int depth) {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        switch (depth == 0 ? random.nextInt(4) : random.nextInt(6)) {
            case 0:
                return nodes.textNode(randomText(random));
            case 1:
                return nodes.numberNode(random.nextGaussian() * 1e6);
            case 2:
                return random.nextBoolean() ? nodes.booleanNode(random.nextBoolean()) : nodes.nullNode();
            case 3:
                return nodes.numberNode(random.nextInt());
            case 4:
                ArrayNode array = nodes.arrayNode();
                for (int i = random.nextInt(4); i > 0; i--) {
                    array.add(randomValue(random, depth - 1));
                }
                return array;
            default:
                ObjectNode object = nodes.objectNode();
                for (int i = random.nextInt(4); i > 0; i--) {
                    object.set(random.nextBoolean() ? "model" : randomText(random), randomValue(random, depth - 1));
                }
                return object;
        }
    }

    private static String randomText(Random random) {
        String alphabet = "ab{}[]\",:\\/ \n\t\u00e9\u6a21\ud83d\ude00\u0001";
        StringBuilder text = new StringBuilder();
        for (int i = random.nextInt(random.nextBoolean() ? 12 : 40); i > 0; i--) {
            int at = random.nextInt(alphabet.length());
            char c = alphabet.charAt(at);
            if (Character.isHighSurrogate(c)) {
                text.append(c).append(alphabet.charAt(at + 1));
            } else if (!Character.isLowSurrogate(c)) {
                text.append(c);
            }
        }
        return text.toString();
    }

    /** The reference: Jackson's streaming parser over the same top-level members. */
    private static ModelAndStream byParser(byte[] body) throws IOException {
        String model = null;
        boolean stream = false;
        try (JsonParser parser = new JsonFactory().createParser(body)) {
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
        }
        return new ModelAndStream(model, stream);
    }

    private static String rewrite(String body, String currentModel, String newModel) {
        return new String(JsonModelField.rewrite(body.getBytes(StandardCharsets.UTF_8), currentModel, newModel),
                StandardCharsets.UTF_8);
    }

    private static ModelAndStream read(String body) {
        return JsonModelField.read(body.getBytes(StandardCharsets.UTF_8));
    }
}
