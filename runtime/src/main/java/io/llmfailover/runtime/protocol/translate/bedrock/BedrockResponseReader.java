package io.llmfailover.runtime.protocol.translate.bedrock;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.translate.Json;
import io.llmfailover.runtime.protocol.translate.MalformedBodyException;
import io.llmfailover.runtime.protocol.translate.model.ChatResponse;
import io.llmfailover.runtime.protocol.translate.model.Part;
import io.llmfailover.runtime.protocol.translate.model.Usage;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a Converse answer: {@code output.message}'s text and tool uses; reasoning blocks are
 * dropped. Converse names neither the answer nor the model: the id is left to the caller's
 * format, the model is the one the request was sent for.
 */
final class BedrockResponseReader {

    private BedrockResponseReader() {}

    static ChatResponse read(byte[] bytes, String model) {
        ObjectNode body = Json.parseObject(bytes);
        JsonNode message = Json.field(body.path("output"), "message");
        if (message == null) {
            throw new MalformedBodyException("the answer has no output.message");
        }
        List<Part> content = new ArrayList<>();
        for (JsonNode block : Json.elements(message, "content")) {
            String text = Json.text(block, "text");
            JsonNode use = Json.field(block, "toolUse");
            if (text != null) {
                content.add(new Part.Text(text));
            } else if (use != null) {
                content.add(new Part.ToolCall(Json.text(use, "toolUseId"), Json.text(use, "name"),
                        use.path("input") instanceof ObjectNode input ? input : Json.object()));
            }
        }
        JsonNode usage = Json.field(body, "usage");
        return new ChatResponse(null, model, content, BedrockStopReasons.read(Json.text(body, "stopReason")), null,
                usage == null ? Usage.ZERO : BedrockUsage.read(usage));
    }
}
