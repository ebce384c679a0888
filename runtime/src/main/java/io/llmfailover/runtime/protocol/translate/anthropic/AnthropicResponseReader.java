package io.llmfailover.runtime.protocol.translate.anthropic;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.translate.Json;
import io.llmfailover.runtime.protocol.translate.MalformedBodyException;
import io.llmfailover.runtime.protocol.translate.model.ChatResponse;
import io.llmfailover.runtime.protocol.translate.model.Part;
import io.llmfailover.runtime.protocol.translate.model.StopReason;
import io.llmfailover.runtime.protocol.translate.model.Usage;
import java.util.ArrayList;
import java.util.List;

/** Reads a Messages answer; thinking blocks are dropped, the forced JSON tool becomes text. */
final class AnthropicResponseReader {

    private AnthropicResponseReader() {}

    static ChatResponse read(byte[] bytes, boolean jsonTool) {
        ObjectNode body = Json.parseObject(bytes);
        if (!"message".equals(Json.text(body, "type"))) {
            throw new MalformedBodyException("the answer is not a message");
        }
        List<Part> content = new ArrayList<>();
        boolean unwrapped = false;
        for (JsonNode block : Json.elements(body, "content")) {
            String type = Json.text(block, "type");
            if ("text".equals(type)) {
                content.add(new Part.Text(block.path("text").asText("")));
            } else if ("tool_use".equals(type)) {
                JsonNode input = block.path("input");
                ObjectNode arguments = input instanceof ObjectNode object ? object : Json.object();
                if (jsonTool && AnthropicRequestWriter.JSON_TOOL.equals(Json.text(block, "name"))) {
                    content.add(new Part.Text(Json.write(arguments)));
                    unwrapped = true;
                } else {
                    content.add(new Part.ToolCall(Json.text(block, "id"), Json.text(block, "name"), arguments));
                }
            }
        }
        StopReason stop = AnthropicStopReasons.read(Json.text(body, "stop_reason"));
        if (unwrapped && stop == StopReason.TOOL_USE) {
            stop = StopReason.END_TURN;
        }
        JsonNode usage = Json.field(body, "usage");
        return new ChatResponse(Json.text(body, "id"), Json.text(body, "model"), content, stop,
                Json.text(body, "stop_sequence"), usage == null ? Usage.ZERO : AnthropicUsage.read(usage));
    }
}
