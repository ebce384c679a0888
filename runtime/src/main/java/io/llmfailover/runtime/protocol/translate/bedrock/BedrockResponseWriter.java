package io.llmfailover.runtime.protocol.translate.bedrock;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.translate.Ids;
import io.llmfailover.runtime.protocol.translate.Json;
import io.llmfailover.runtime.protocol.translate.model.ChatResponse;
import io.llmfailover.runtime.protocol.translate.model.Part;

/** Writes a neutral answer as a Converse body. */
final class BedrockResponseWriter {

    private BedrockResponseWriter() {}

    static byte[] write(ChatResponse response) {
        ObjectNode body = Json.object();
        ObjectNode message = body.putObject("output").putObject("message").put("role", "assistant");
        ArrayNode content = message.putArray("content");
        for (Part part : response.content()) {
            if (part instanceof Part.Text text) {
                content.addObject().put("text", text.text());
            } else if (part instanceof Part.ToolCall call) {
                content.addObject().putObject("toolUse").put("toolUseId", Ids.safe(call.id())).put("name", call.name())
                        .set("input", call.arguments());
            }
        }
        body.put("stopReason", BedrockStopReasons.write(response.stopReason()));
        body.set("usage", BedrockUsage.write(response.usage()));
        body.putObject("metrics").put("latencyMs", 0);
        return Json.bytes(body);
    }
}
