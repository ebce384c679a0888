package io.llmfailover.runtime.protocol.translate;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.Operation;
import java.util.List;

/**
 * What the caller's SDK takes for a well-formed answer, error and stream, for each operation an
 * app calls: an answer or an error body, and a stream that either completes or ends with an error.
 */
final class CallerShapes {

    private CallerShapes() {}

    static boolean isAnswer(Operation caller, ObjectNode body) {
        return switch (caller) {
            case CHAT_COMPLETIONS -> "chat.completion".equals(Json.text(body, "object"));
            case RESPONSES -> "response".equals(Json.text(body, "object"));
            case MESSAGES -> "message".equals(Json.text(body, "type"));
            case GENERATE_CONTENT -> body.path("candidates").isArray();
            case CONVERSE -> body.path("output").path("message").path("content").isArray();
            case EMBEDDINGS -> throw new IllegalArgumentException("embeddings are never translated");
        };
    }

    static boolean isError(Operation caller, ObjectNode body) {
        JsonNode error = body.path("error");
        boolean hasMessage = error.path("message").isTextual();
        return switch (caller) {
            case CHAT_COMPLETIONS, RESPONSES, EMBEDDINGS -> hasMessage && error.has("type");
            case MESSAGES -> hasMessage && "error".equals(Json.text(body, "type"));
            case GENERATE_CONTENT -> hasMessage && error.path("status").isTextual() && error.path("code").isInt();
            case CONVERSE -> body.path("__type").isTextual() && body.path("message").isTextual();
        };
    }

    /** The stream has events, ends with its protocol's last event or an error, and has no error before its end. */
    static void assertStreamEndsCleanly(Operation caller, byte[] output, String label) {
        List<JsonNode> events = Fixtures.transcript(output);
        assertFalse(events.isEmpty(), label + ": some output");
        JsonNode last = events.get(events.size() - 1);
        boolean lastIsError = last.path("data").has("error") || last.has("exception");
        switch (caller) {
            case CHAT_COMPLETIONS -> assertTrue("[DONE]".equals(last.path("data").asText()) || lastIsError, label + " ended with " + last);
            case RESPONSES -> assertTrue(List.of("response.completed", "response.incomplete").contains(last.path("event").asText())
                    || lastIsError, label + " ended with " + last);
            case MESSAGES -> {
                assertTrue(List.of("message_stop", "error").contains(last.path("event").asText()), label + " ended with " + last);
                events.forEach(event -> assertTrue(event.has("event"), label + ": every Anthropic event is named"));
            }
            case GENERATE_CONTENT -> assertTrue(lastIsError || last.path("data").path("candidates").path(0).has("finishReason"),
                    label + " ended with " + last);
            case CONVERSE -> {
                assertTrue(lastIsError || "metadata".equals(last.path("event").asText()), label + " ended with " + last);
                events.forEach(event -> assertTrue(event.has("event") || event.has("exception"),
                        label + ": every Bedrock message is an event or an exception"));
            }
            case EMBEDDINGS -> throw new IllegalArgumentException("embeddings are never streamed");
        }
        events.subList(0, events.size() - 1).forEach(event -> assertFalse((event.path("data").has("error")
                && caller != Operation.MESSAGES) || event.has("exception"), label + ": an error frame is always the last"));
    }

    /** Whether the stream ended with an error frame rather than its protocol's last event. */
    static boolean endsWithError(byte[] output) {
        List<JsonNode> events = Fixtures.transcript(output);
        JsonNode last = events.get(events.size() - 1);
        return last.path("data").has("error") || "error".equals(last.path("event").asText()) || last.has("exception");
    }
}
