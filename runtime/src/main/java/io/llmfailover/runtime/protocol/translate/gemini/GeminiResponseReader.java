package io.llmfailover.runtime.protocol.translate.gemini;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.translate.Ids;
import io.llmfailover.runtime.protocol.translate.Json;
import io.llmfailover.runtime.protocol.translate.MalformedBodyException;
import io.llmfailover.runtime.protocol.translate.model.ChatResponse;
import io.llmfailover.runtime.protocol.translate.model.Part;
import io.llmfailover.runtime.protocol.translate.model.StopReason;
import io.llmfailover.runtime.protocol.translate.model.Usage;
import java.util.ArrayList;
import java.util.List;

/** Reads a {@code GenerateContentResponse}; thought parts are dropped, function calls get minted ids. */
final class GeminiResponseReader {

    private GeminiResponseReader() {}

    static ChatResponse read(byte[] bytes) {
        ObjectNode body = Json.parseObject(bytes);
        String id = Json.text(body, "responseId");
        JsonNode candidate = body.path("candidates").path(0);
        JsonNode usage = Json.field(body, "usageMetadata");
        Usage read = usage == null ? Usage.ZERO : GeminiUsage.read(usage);
        if (!candidate.isObject()) {
            if (Json.field(body.path("promptFeedback"), "blockReason") != null) {
                return new ChatResponse(id, Json.text(body, "modelVersion"), List.of(), StopReason.CONTENT_FILTER, null, read);
            }
            throw new MalformedBodyException("the answer has no candidates");
        }
        List<Part> content = new ArrayList<>();
        int ordinal = 0;
        for (JsonNode part : Json.elements(candidate.path("content"), "parts")) {
            Part decoded = part(part, id, ordinal);
            if (decoded instanceof Part.ToolCall) {
                ordinal++;
            }
            if (decoded != null) {
                content.add(decoded);
            }
        }
        StopReason stop = GeminiFinishReasons.read(Json.text(candidate, "finishReason"), ordinal > 0);
        return new ChatResponse(id, Json.text(body, "modelVersion"), content, stop, null, read);
    }

    /** A text or function call part; null for thoughts and parts with nothing to translate. */
    static Part part(JsonNode part, String responseId, int ordinal) {
        if (part.path("thought").asBoolean(false)) {
            return null;
        }
        String text = Json.text(part, "text");
        if (text != null) {
            return text.isEmpty() ? null : new Part.Text(text);
        }
        JsonNode call = Json.field(part, "functionCall");
        if (call != null) {
            String name = Json.text(call, "name");
            if (name == null) {
                throw new MalformedBodyException("a function call has no name");
            }
            String id = Json.text(call, "id") != null ? Json.text(call, "id") : Ids.toolCall(responseId, ordinal);
            JsonNode args = call.path("args");
            return new Part.ToolCall(id, name, args instanceof ObjectNode object ? object : Json.object());
        }
        return null;
    }
}
