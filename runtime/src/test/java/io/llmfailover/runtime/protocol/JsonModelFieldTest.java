package io.llmfailover.runtime.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.JsonModelField.ModelAndStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class JsonModelFieldTest {

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
            ObjectNode request = RandomRequests.request(random);
            byte[] body = RandomRequests.written(request, random);
            assertEquals(byParser(body), JsonModelField.read(body), () -> new String(body, StandardCharsets.UTF_8));
        }
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

    private static ModelAndStream read(String body) {
        return JsonModelField.read(body.getBytes(StandardCharsets.UTF_8));
    }
}
