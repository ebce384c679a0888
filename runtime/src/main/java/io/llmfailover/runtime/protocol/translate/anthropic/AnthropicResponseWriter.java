package io.llmfailover.runtime.protocol.translate.anthropic;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.translate.Ids;
import io.llmfailover.runtime.protocol.translate.Json;
import io.llmfailover.runtime.protocol.translate.model.ChatResponse;
import io.llmfailover.runtime.protocol.translate.model.Part;

/** Writes a neutral answer as a Messages body. */
final class AnthropicResponseWriter {

    private AnthropicResponseWriter() {}

    static byte[] write(ChatResponse response) {
        ObjectNode body = Json.object()
                .put("id", Ids.message("msg_", response.id()))
                .put("type", "message")
                .put("role", "assistant")
                .put("model", response.model());
        ArrayNode content = body.putArray("content");
        StringBuilder text = new StringBuilder();
        for (Part part : response.content()) {
            if (part instanceof Part.Text t) {
                text.append(t.text());
            } else if (part instanceof Part.ToolCall call) {
                flushText(text, content);
                content.addObject().put("type", "tool_use").put("id", Ids.safe(call.id())).put("name", call.name())
                        .set("input", call.arguments());
            }
        }
        flushText(text, content);
        body.put("stop_reason", AnthropicStopReasons.write(response.stopReason()));
        if (response.stopSequence() == null) {
            body.putNull("stop_sequence");
        } else {
            body.put("stop_sequence", response.stopSequence());
        }
        body.set("usage", AnthropicUsage.write(response.usage()));
        return Json.bytes(body);
    }

    private static void flushText(StringBuilder text, ArrayNode content) {
        if (text.length() > 0) {
            content.addObject().put("type", "text").put("text", text.toString());
            text.setLength(0);
        }
    }
}
