package io.llmfailover.runtime.protocol.translate.openai;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.translate.Ids;
import io.llmfailover.runtime.protocol.translate.Json;
import io.llmfailover.runtime.protocol.translate.ResponseContext;
import io.llmfailover.runtime.protocol.translate.model.ChatResponse;
import io.llmfailover.runtime.protocol.translate.model.Part;

/** Writes a neutral answer as a Chat Completions body. */
final class OpenAiResponseWriter {

    private OpenAiResponseWriter() {}

    static byte[] write(ChatResponse response, ResponseContext context) {
        ObjectNode body = Json.object()
                .put("id", Ids.message("chatcmpl-", response.id()))
                .put("object", "chat.completion")
                .put("created", context.createdSeconds())
                .put("model", response.model());
        ObjectNode choice = body.putArray("choices").addObject().put("index", 0);
        ObjectNode message = choice.putObject("message").put("role", "assistant");
        String text = response.text();
        if (text.isEmpty()) {
            message.putNull("content");
        } else {
            message.put("content", text);
        }
        message.putNull("refusal");
        if (!response.toolCalls().isEmpty()) {
            ArrayNode calls = message.putArray("tool_calls");
            for (Part.ToolCall call : response.toolCalls()) {
                calls.addObject().put("id", call.id()).put("type", "function").putObject("function")
                        .put("name", call.name()).put("arguments", Json.write(call.arguments()));
            }
        }
        choice.putNull("logprobs");
        choice.put("finish_reason", OpenAiFinishReasons.write(response.stopReason()));
        body.set("usage", OpenAiUsage.write(response.usage()));
        return Json.bytes(body);
    }
}
