package io.llmfailover.runtime.protocol.translate;


import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.bridge.ProtocolBridge;
import io.llmfailover.runtime.provider.Protocol;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A target's error re-emitted in the caller's shape, keeping the status family; synthetic errors and stream error frames. */
class ErrorTranslationTest {

    private static final String ANTHROPIC_OVERLOADED = "{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}";
    private static final String GEMINI_UNAVAILABLE = "{\"error\":{\"code\":503,\"message\":\"The model is overloaded.\",\"status\":\"UNAVAILABLE\"}}";
    private static final String GEMINI_EXHAUSTED = "{\"error\":{\"code\":429,\"message\":\"Quota exceeded.\",\"status\":\"RESOURCE_EXHAUSTED\"}}";
    private static final String OPENAI_RATE_LIMIT = "{\"error\":{\"message\":\"Rate limit reached\",\"type\":\"requests\",\"param\":null,\"code\":\"rate_limit_exceeded\"}}";

    @ParameterizedTest(name = "{0} app, {1} target answering {2}")
    @CsvSource(delimiter = '|', value = {
            "OPENAI    | ANTHROPIC | 529 | ANTHROPIC_OVERLOADED | 503 | server_error        | Overloaded",
            "OPENAI    | GEMINI    | 503 | GEMINI_UNAVAILABLE   | 503 | server_error        | The model is overloaded.",
            "OPENAI    | GEMINI    | 429 | GEMINI_EXHAUSTED     | 429 | rate_limit_error    | Quota exceeded.",
            "ANTHROPIC | OPENAI    | 429 | OPENAI_RATE_LIMIT    | 429 | rate_limit_error    | Rate limit reached",
            "ANTHROPIC | GEMINI    | 503 | GEMINI_UNAVAILABLE   | 503 | overloaded_error    | The model is overloaded.",
            "GEMINI    | ANTHROPIC | 529 | ANTHROPIC_OVERLOADED | 503 | UNAVAILABLE         | Overloaded",
            "GEMINI    | OPENAI    | 429 | OPENAI_RATE_LIMIT    | 429 | RESOURCE_EXHAUSTED  | Rate limit reached",
            "GEMINI    | OPENAI    | 500 | NOT_JSON             | 500 | INTERNAL            | the fallback provider answered HTTP 500",
    })
    void reEmitsTheTargetsErrorInTheCallersShape(Protocol caller, Protocol target, int status, String bodyName,
            int callerStatus, String callerType, String message) {
        byte[] translated = Fixtures.bridge(caller, target).error(status, body(bodyName));
        assertEquals(callerStatus, ErrorBodies.statusFor(caller, status));
        assertShape(caller, Json.parseObject(translated), callerType, message, callerStatus);
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
            "OPENAI, 429, rate_limit_error", "OPENAI, 503, server_error",
            "ANTHROPIC, 429, rate_limit_error", "ANTHROPIC, 503, overloaded_error",
            "GEMINI, 429, RESOURCE_EXHAUSTED", "GEMINI, 503, UNAVAILABLE"})
    void makesTheGatewaysOwnErrorsInEachProtocol(Protocol caller, int status, String type) {
        ObjectNode body = Json.parseObject(ErrorBodies.of(caller, status, "every provider is cooling down"));
        assertShape(caller, body, type, "every provider is cooling down", status);
    }

    @Test
    void writesMidStreamErrorFramesTheWayEachSdkRaisesThem() {
        assertEquals(List.of("data: {\"error\":{\"message\":\"lost\",\"type\":\"server_error\",\"param\":null,\"code\":null}}", ""),
                lines(StreamErrorFrames.of(Protocol.OPENAI, "lost")));
        assertEquals(List.of("event: error", "data: {\"type\":\"error\",\"error\":{\"type\":\"api_error\",\"message\":\"lost\"}}", ""),
                lines(StreamErrorFrames.of(Protocol.ANTHROPIC, "lost")));
        assertEquals(List.of("data: {\"error\":{\"code\":500,\"message\":\"lost\",\"status\":\"INTERNAL\"}}", ""),
                lines(StreamErrorFrames.of(Protocol.GEMINI, "lost")));
    }

    @Test
    void anErrorEventAfterTheStreamStartedBecomesTheCallersErrorFrame() throws Exception {
        String stream = "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"msg_1\",\"model\":\"c\",\"usage\":{}}}\n\n"
                + "event: error\ndata: {\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}\n\n";
        SourceRequest source = Fixtures.source(Protocol.OPENAI, true,
                "{\"model\":\"gpt-4o\",\"stream\":true,\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}".getBytes(StandardCharsets.UTF_8));
        ProtocolBridge bridge = Fixtures.bridge(Protocol.OPENAI, Protocol.ANTHROPIC);
        byte[] output = bridge.response(new java.io.ByteArrayInputStream(stream.getBytes(StandardCharsets.UTF_8)), source,
                bridge.request(source, "claude")).readAllBytes();
        List<JsonNode> events = Fixtures.transcript(output);
        JsonNode last = events.get(events.size() - 1).path("data");
        assertEquals("server_error", last.path("error").path("type").asText());
        assertEquals("Overloaded", last.path("error").path("message").asText());
    }

    private static void assertShape(Protocol caller, ObjectNode body, String type, String message, int status) {
        JsonNode error = body.path("error");
        assertEquals(message, error.path("message").asText());
        switch (caller) {
            case OPENAI -> assertEquals(type, error.path("type").asText());
            case ANTHROPIC -> {
                assertEquals("error", body.path("type").asText());
                assertEquals(type, error.path("type").asText());
            }
            case GEMINI -> {
                assertEquals(type, error.path("status").asText());
                assertEquals(status, error.path("code").asInt());
            }
        }
    }

    private static byte[] body(String name) {
        String body = switch (name) {
            case "ANTHROPIC_OVERLOADED" -> ANTHROPIC_OVERLOADED;
            case "GEMINI_UNAVAILABLE" -> GEMINI_UNAVAILABLE;
            case "GEMINI_EXHAUSTED" -> GEMINI_EXHAUSTED;
            case "OPENAI_RATE_LIMIT" -> OPENAI_RATE_LIMIT;
            default -> "<html>502 Bad Gateway</html>";
        };
        return body.getBytes(StandardCharsets.UTF_8);
    }

    private static List<String> lines(byte[] frame) {
        String text = new String(frame, StandardCharsets.UTF_8);
        assertEquals("\n\n", text.substring(text.length() - 2), "a frame ends with a blank line");
        return List.of(text.substring(0, text.length() - 1).split("\n", -1));
    }
}
