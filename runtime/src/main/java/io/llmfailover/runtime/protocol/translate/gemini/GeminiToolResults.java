package io.llmfailover.runtime.protocol.translate.gemini;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.translate.Json;

/**
 * Gemini's function responses are JSON objects where other protocols carry text: text that is a
 * JSON object is sent as is, other text as {@code {"content": text}}, and read back symmetrically.
 */
final class GeminiToolResults {

    private GeminiToolResults() {}

    static ObjectNode response(String text) {
        ObjectNode parsed = Json.parseObjectOrNull(text);
        return parsed != null ? parsed : Json.object().put("content", text);
    }

    static String text(JsonNode response) {
        if (response.size() == 1 && response.path("content").isTextual()) {
            return response.get("content").asText();
        }
        return response.isMissingNode() ? "" : Json.write(response);
    }
}
