package io.llmfailover.runtime.telemetry.usage;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Reads model, id, usage and finish reasons out of one JSON document of any of the three wire
 * protocols: a whole response, or one streamed chunk (OpenAI chat chunks, Responses API events,
 * Anthropic message_start / message_delta, Gemini chunks with usageMetadata, Bedrock Converse's
 * answer and its stream's messageStop and metadata events).
 */
public final class ResponseJson {

    private ResponseJson() {}

    public static void read(JsonNode node, ResponseFacts facts, boolean captureContent) {
        if (node == null || !node.isObject()) {
            if (node != null && node.isArray()) {
                node.forEach(element -> read(element, facts, captureContent));
            }
            return;
        }
        JsonNode wrapped = wrappedResponse(node);
        if (wrapped != null) {
            read(wrapped, facts, captureContent);
        }
        facts.model(text(node, "model"));
        facts.model(text(node, "modelVersion"));
        facts.id(text(node, "id"));
        facts.id(text(node, "responseId"));
        readUsage(node.get("usage"), facts);
        readGeminiUsage(node.get("usageMetadata"), facts);
        readFinishReasons(node, facts);
        if (captureContent) {
            readOutputContent(node, facts);
        }
    }

    /** Responses API events carry the response under "response"; Anthropic's message_start under "message". */
    private static JsonNode wrappedResponse(JsonNode node) {
        JsonNode response = node.get("response");
        if (response != null && response.isObject()) {
            return response;
        }
        JsonNode message = node.get("message");
        if (message != null && message.isObject() && "message_start".equals(text(node, "type"))) {
            return message;
        }
        return null;
    }

    private static void readUsage(JsonNode usage, ResponseFacts facts) {
        if (usage == null || !usage.isObject()) {
            return;
        }
        Long input = number(usage, "input_tokens", "prompt_tokens", "inputTokens");
        Long output = number(usage, "output_tokens", "completion_tokens", "outputTokens");
        if (input != null) {
            facts.inputTokens(input);
        }
        if (output != null) {
            facts.outputTokens(output);
        }
    }

    private static void readGeminiUsage(JsonNode usage, ResponseFacts facts) {
        if (usage == null || !usage.isObject()) {
            return;
        }
        Long input = number(usage, "promptTokenCount");
        Long output = number(usage, "candidatesTokenCount");
        if (input != null) {
            facts.inputTokens(input);
        }
        if (output != null) {
            facts.outputTokens(output);
        }
    }

    private static void readFinishReasons(JsonNode node, ResponseFacts facts) {
        facts.finishReason(text(node, "stop_reason"));
        facts.finishReason(text(node, "stopReason"));
        JsonNode delta = node.get("delta");
        if (delta != null && delta.isObject()) {
            facts.finishReason(text(delta, "stop_reason"));
        }
        for (JsonNode choice : iterable(node.get("choices"))) {
            facts.finishReason(text(choice, "finish_reason"));
        }
        for (JsonNode candidate : iterable(node.get("candidates"))) {
            facts.finishReason(text(candidate, "finishReason"));
        }
        if ("response".equals(text(node, "object"))) {
            String status = text(node, "status");
            if (!"in_progress".equals(status)) {
                facts.finishReason(status);
            }
        }
    }

    private static void readOutputContent(JsonNode node, ResponseFacts facts) {
        JsonNode choices = node.get("choices");
        if (choices != null && choices.isArray()) {
            facts.outputContent(choices.toString());
        } else if (node.get("candidates") != null) {
            facts.outputContent(node.get("candidates").toString());
        } else if ("message".equals(text(node, "type")) && node.get("content") != null) {
            facts.outputContent(node.get("content").toString());
        } else if ("response".equals(text(node, "object")) && node.get("output") != null) {
            facts.outputContent(node.get("output").toString());
        }
    }

    private static Iterable<JsonNode> iterable(JsonNode array) {
        return array != null && array.isArray() ? array : java.util.List.of();
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value != null && value.isTextual() ? value.asText() : null;
    }

    private static Long number(JsonNode node, String... fields) {
        for (String field : fields) {
            JsonNode value = node.get(field);
            if (value != null && value.isNumber()) {
                return value.asLong();
            }
        }
        return null;
    }
}
