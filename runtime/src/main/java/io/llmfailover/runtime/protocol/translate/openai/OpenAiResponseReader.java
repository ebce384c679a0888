package io.llmfailover.runtime.protocol.translate.openai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.translate.Ids;
import io.llmfailover.runtime.protocol.translate.Json;
import io.llmfailover.runtime.protocol.translate.MalformedBodyException;
import io.llmfailover.runtime.protocol.translate.model.ChatResponse;
import io.llmfailover.runtime.protocol.translate.model.Part;
import io.llmfailover.runtime.protocol.translate.model.Usage;
import java.util.ArrayList;
import java.util.List;

/** Reads a Chat Completions answer; {@code reasoning_content} is dropped on the way to another vendor. */
final class OpenAiResponseReader {

    private OpenAiResponseReader() {}

    static ChatResponse read(byte[] bytes) {
        ObjectNode body = Json.parseObject(bytes);
        JsonNode choice = body.path("choices").path(0);
        if (!choice.isObject()) {
            throw new MalformedBodyException("the answer has no choices");
        }
        JsonNode message = choice.path("message");
        List<Part> content = new ArrayList<>();
        String text = Json.text(message, "content");
        if (text != null && !text.isEmpty()) {
            content.add(new Part.Text(text));
        }
        int ordinal = 0;
        for (JsonNode call : Json.elements(message, "tool_calls")) {
            Part.ToolCall read = toolCall(call);
            String id = read.id() == null ? Ids.toolCall(Json.text(body, "id"), ordinal) : read.id();
            content.add(new Part.ToolCall(id, read.name(), read.arguments()));
            ordinal++;
        }
        JsonNode usage = Json.field(body, "usage");
        return new ChatResponse(Json.text(body, "id"), Json.text(body, "model"), content,
                OpenAiFinishReasons.read(Json.text(choice, "finish_reason")), null,
                usage == null ? Usage.ZERO : OpenAiUsage.read(usage));
    }

    static Part.ToolCall toolCall(JsonNode call) {
        JsonNode function = call.path("function");
        String name = Json.text(function, "name");
        if (name == null) {
            throw new MalformedBodyException("a tool call has no function name");
        }
        ObjectNode arguments = Json.parseObjectOrNull(Json.text(function, "arguments"));
        return new Part.ToolCall(Json.text(call, "id"), name, arguments == null ? Json.object() : arguments);
    }
}
