package io.llmfailover.runtime.protocol.translate.openai;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.translate.Json;
import io.llmfailover.runtime.protocol.translate.model.StopReason;
import io.llmfailover.runtime.protocol.translate.model.Usage;

/** The objects of the OpenAI Responses API an answer is written as: the response, its items and usage. */
final class ResponsesShapes {

    private ResponsesShapes() {}

    static ObjectNode response(String id, String model, long createdAt, StopReason stop, ArrayNode output, Usage usage) {
        ObjectNode response = Json.object().put("id", id).put("object", "response").put("created_at", createdAt);
        String incomplete = stop == StopReason.MAX_TOKENS ? "max_output_tokens"
                : stop == StopReason.CONTENT_FILTER ? "content_filter" : null;
        response.put("status", stop == null ? "in_progress" : incomplete == null ? "completed" : "incomplete");
        response.putNull("error");
        if (incomplete == null) {
            response.putNull("incomplete_details");
        } else {
            response.putObject("incomplete_details").put("reason", incomplete);
        }
        response.putNull("instructions");
        response.putObject("metadata");
        response.put("model", model);
        response.set("output", output);
        response.put("parallel_tool_calls", true);
        response.putNull("temperature");
        response.put("tool_choice", "auto");
        response.putArray("tools");
        response.putNull("top_p");
        if (usage != null) {
            response.set("usage", usage(usage));
        }
        return response;
    }

    static ObjectNode message(String id, String status, String text) {
        ObjectNode item = Json.object().put("id", id).put("type", "message").put("status", status).put("role", "assistant");
        ArrayNode content = item.putArray("content");
        if (text != null) {
            content.add(outputText(text));
        }
        return item;
    }

    static ObjectNode outputText(String text) {
        ObjectNode part = Json.object().put("type", "output_text").put("text", text);
        part.putArray("annotations");
        return part;
    }

    static ObjectNode functionCall(String id, String status, String callId, String name, String arguments) {
        return Json.object().put("id", id).put("type", "function_call").put("status", status)
                .put("call_id", callId).put("name", name).put("arguments", arguments);
    }

    static ObjectNode usage(Usage usage) {
        ObjectNode written = Json.object().put("input_tokens", usage.input());
        written.putObject("input_tokens_details").put("cached_tokens", usage.cacheRead());
        written.put("output_tokens", usage.output());
        written.putObject("output_tokens_details").put("reasoning_tokens", usage.reasoning());
        written.put("total_tokens", usage.total());
        return written;
    }
}
