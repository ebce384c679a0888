package io.llmfailover.runtime.protocol.translate.gemini;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.translate.Json;
import io.llmfailover.runtime.protocol.translate.model.ChatResponse;
import io.llmfailover.runtime.protocol.translate.model.Part;
import io.llmfailover.runtime.protocol.translate.model.StopReason;
import io.llmfailover.runtime.protocol.translate.model.Usage;
import java.util.List;

/** Writes a neutral answer as a {@code GenerateContentResponse}, whole or as one stream frame. */
final class GeminiResponseWriter {

    private GeminiResponseWriter() {}

    static byte[] write(ChatResponse response) {
        return Json.bytes(frame(response.id(), response.model(), response.content(), response.stopReason(), response.usage()));
    }

    /** One response object; {@code stop} and {@code usage} are left out when null (a mid-stream frame). */
    static ObjectNode frame(String id, String model, List<Part> content, StopReason stop, Usage usage) {
        ObjectNode body = Json.object();
        ObjectNode candidate = body.putArray("candidates").addObject();
        ArrayNode parts = candidate.putObject("content").put("role", "model").putArray("parts");
        StringBuilder text = new StringBuilder();
        for (Part part : content) {
            if (part instanceof Part.Text t) {
                text.append(t.text());
            } else if (part instanceof Part.ToolCall call) {
                flushText(text, parts);
                parts.addObject().putObject("functionCall").put("name", call.name()).set("args", call.arguments());
            }
        }
        flushText(text, parts);
        if (stop != null) {
            candidate.put("finishReason", GeminiFinishReasons.write(stop));
        }
        candidate.put("index", 0);
        if (usage != null) {
            body.set("usageMetadata", GeminiUsage.write(usage));
        }
        if (model != null) {
            body.put("modelVersion", model);
        }
        if (id != null) {
            body.put("responseId", id);
        }
        return body;
    }

    private static void flushText(StringBuilder text, ArrayNode parts) {
        if (text.length() > 0) {
            parts.addObject().put("text", text.toString());
            text.setLength(0);
        }
    }
}
