package io.llmfailover.runtime.protocol.translate.openai;

import com.fasterxml.jackson.databind.node.ArrayNode;
import io.llmfailover.runtime.protocol.translate.Ids;
import io.llmfailover.runtime.protocol.translate.Json;
import io.llmfailover.runtime.protocol.translate.ResponseContext;
import io.llmfailover.runtime.protocol.translate.model.ChatResponse;
import io.llmfailover.runtime.protocol.translate.model.Part;

/** Writes a neutral answer as an OpenAI Responses body: one message item, then one item per function call. */
final class ResponsesResponseWriter {

    private ResponsesResponseWriter() {}

    static byte[] write(ChatResponse response, ResponseContext context) {
        String id = Ids.message("resp_", response.id());
        ArrayNode output = Json.array();
        String text = response.text();
        if (!text.isEmpty()) {
            output.add(ResponsesShapes.message(Ids.message("msg_", response.id()), "completed", text));
        }
        for (Part.ToolCall call : response.toolCalls()) {
            output.add(ResponsesShapes.functionCall(Ids.message("fc_", call.id()), "completed", call.id(), call.name(),
                    Json.write(call.arguments())));
        }
        return Json.bytes(ResponsesShapes.response(id, response.model(), context.createdSeconds(), response.stopReason(),
                output, response.usage()));
    }
}
