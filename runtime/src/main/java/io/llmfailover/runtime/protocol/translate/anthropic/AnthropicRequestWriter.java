package io.llmfailover.runtime.protocol.translate.anthropic;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.translate.Ids;
import io.llmfailover.runtime.protocol.translate.Json;
import io.llmfailover.runtime.protocol.translate.MediaTypes;
import io.llmfailover.runtime.protocol.translate.model.ChatRequest;
import io.llmfailover.runtime.protocol.translate.model.DroppedFields;
import io.llmfailover.runtime.protocol.translate.model.Part;
import io.llmfailover.runtime.protocol.translate.model.ToolChoice;
import io.llmfailover.runtime.protocol.translate.model.ToolSpec;
import io.llmfailover.runtime.protocol.translate.model.Turn;
import java.util.List;

/**
 * Writes the neutral request as an Anthropic Messages body: system prompts on top, alternating
 * turns, tool results first in their user turn, a {@code max_tokens} always, temperature within 0..1,
 * and JSON output through a forced tool whose input is the answer.
 */
final class AnthropicRequestWriter {

    /** The tool a JSON-output request is forced to call; its input is unwrapped into text on the way back. */
    static final String JSON_TOOL = "json_tool_call";

    private static final int MIN_THINKING_BUDGET = 1024;

    private final DroppedFields dropped;

    AnthropicRequestWriter(DroppedFields dropped) {
        this.dropped = dropped;
    }

    /** Whether this request's JSON output is asked for through {@link #JSON_TOOL}. */
    static boolean forcesJsonTool(ChatRequest request) {
        return request != null && request.format() != null && request.tools().isEmpty();
    }

    ObjectNode write(ChatRequest request, String model, int defaultMaxTokens) {
        ObjectNode body = Json.object().put("model", model);
        int maxTokens = request.maxTokens() == null ? defaultMaxTokens : request.maxTokens();
        body.put("max_tokens", maxTokens);
        if (!request.system().isEmpty()) {
            body.put("system", String.join("\n\n", request.system()));
        }
        writeMessages(request, body.putArray("messages"));
        writeTools(request, body);
        writeSampling(request, body);
        writeThinking(request, body, maxTokens);
        if (request.user() != null) {
            if (request.user().contains("@")) {
                dropped.add("user");
            } else {
                body.putObject("metadata").put("user_id", request.user());
            }
        }
        if (request.stream()) {
            body.put("stream", true);
        }
        return body;
    }

    private void writeMessages(ChatRequest request, ArrayNode messages) {
        List<Turn> turns = Turn.alternating(request.turns().stream().map(Turn::withoutBlankText).toList());
        for (int i = 0; i < turns.size(); i++) {
            Turn turn = turns.get(i);
            ObjectNode message = messages.addObject().put("role", turn.role() == Turn.Role.USER ? "user" : "assistant");
            ArrayNode content = message.putArray("content");
            for (Part part : turn.toolResultsFirst()) {
                writePart(part, content);
            }
            if (i == turns.size() - 1 && turn.role() == Turn.Role.ASSISTANT) {
                stripTrailingWhitespace(content);
            }
        }
    }

    private void writePart(Part part, ArrayNode content) {
        if (part instanceof Part.Text text) {
            content.addObject().put("type", "text").put("text", text.text());
        } else if (part instanceof Part.Media media) {
            writeMedia(media, content);
        } else if (part instanceof Part.ToolCall call) {
            content.addObject().put("type", "tool_use").put("id", Ids.safe(call.id())).put("name", call.name())
                    .set("input", call.arguments());
        } else if (part instanceof Part.ToolResult result) {
            ObjectNode block = content.addObject().put("type", "tool_result").put("tool_use_id", Ids.safe(result.callId()));
            ArrayNode resultContent = block.putArray("content");
            for (Part inner : Turn.withoutBlankText(result.content())) {
                writePart(inner, resultContent);
            }
            if (resultContent.isEmpty()) {
                block.remove("content");
            }
            if (result.isError()) {
                block.put("is_error", true);
            }
        }
    }

    private static void writeMedia(Part.Media media, ArrayNode content) {
        ObjectNode block = content.addObject().put("type", MediaTypes.isPdf(media.mediaType()) ? "document" : "image");
        ObjectNode source = block.putObject("source");
        if (media.inline()) {
            source.put("type", "base64").put("media_type", media.mediaType()).put("data", media.base64Data());
        } else {
            source.put("type", "url").put("url", media.url());
        }
    }

    private static void stripTrailingWhitespace(ArrayNode content) {
        if (content.isEmpty()) {
            return;
        }
        JsonNode last = content.get(content.size() - 1);
        if (last instanceof ObjectNode block && "text".equals(Json.text(block, "type"))) {
            block.put("text", block.get("text").asText().stripTrailing());
        }
    }

    private void writeTools(ChatRequest request, ObjectNode body) {
        if (forcesJsonTool(request)) {
            JsonNode schema = request.format().schema();
            ObjectNode tool = body.putArray("tools").addObject().put("name", JSON_TOOL)
                    .put("description", "Give the answer as this tool's input.");
            tool.set("input_schema", schema == null ? ToolSpec.anyObjectSchema() : schema);
            body.putObject("tool_choice").put("type", "tool").put("name", JSON_TOOL);
            return;
        }
        if (request.format() != null) {
            // The app's own tools leave no room for a forced JSON tool.
            dropped.add("response_format");
        }
        ArrayNode tools = Json.array();
        for (ToolSpec spec : request.tools()) {
            ObjectNode tool = tools.addObject().put("name", spec.name());
            if (spec.description() != null) {
                tool.put("description", spec.description());
            }
            tool.set("input_schema", spec.schemaOrAnyObject());
        }
        ToolChoice choice = request.toolChoice();
        if (tools.isEmpty() && historyMentionsTools(request)) {
            // Anthropic rejects tool blocks in a request that defines no tools: declare the ones used, call none.
            for (String name : request.toolNamesInHistory()) {
                tools.addObject().put("name", name).set("input_schema", ToolSpec.anyObjectSchema());
            }
            choice = ToolChoice.NONE;
        }
        if (tools.isEmpty()) {
            return;
        }
        body.set("tools", tools);
        ObjectNode written = Json.object();
        if (choice != null) {
            switch (choice.mode()) {
                case AUTO -> written.put("type", "auto");
                case NONE -> written.put("type", "none");
                case REQUIRED -> written.put("type", "any");
                case NAMED -> written.put("type", "tool").put("name", choice.name());
            }
        }
        if (Boolean.FALSE.equals(request.parallelToolCalls()) && (choice == null || choice.mode() != ToolChoice.Mode.NONE)) {
            if (!written.has("type")) {
                written.put("type", "auto");
            }
            written.put("disable_parallel_tool_use", true);
        }
        if (written.has("type")) {
            body.set("tool_choice", written);
        }
    }

    private static boolean historyMentionsTools(ChatRequest request) {
        return request.turns().stream().flatMap(turn -> turn.parts().stream())
                .anyMatch(part -> part instanceof Part.ToolCall || part instanceof Part.ToolResult);
    }

    private void writeSampling(ChatRequest request, ObjectNode body) {
        if (request.temperature() != null) {
            body.put("temperature", Math.max(0.0, Math.min(1.0, request.temperature())));
        }
        if (request.topP() != null) {
            if (request.temperature() != null) {
                // Recent Claude models reject temperature and top_p together.
                dropped.add("top_p");
            } else {
                body.put("top_p", request.topP());
            }
        }
        if (request.topK() != null) {
            body.put("top_k", request.topK());
        }
        ArrayNode stop = Json.array();
        for (String sequence : request.stop()) {
            if (sequence.isBlank()) {
                dropped.add("stop");
            } else {
                stop.add(sequence);
            }
        }
        if (!stop.isEmpty()) {
            body.set("stop_sequences", stop);
        }
        dropped.addIfSet(request.seed(), "seed");
        dropped.addIfSet(request.presencePenalty(), "presence_penalty");
        dropped.addIfSet(request.frequencyPenalty(), "frequency_penalty");
    }

    /**
     * Thinking is asked for only when the history holds no tool calls (they would need Anthropic's
     * own signed thinking before them), no tool is forced, and the output limit leaves room for it.
     */
    private void writeThinking(ChatRequest request, ObjectNode body, int maxTokens) {
        Integer budget = request.reasoningBudget();
        if (budget == null) {
            return;
        }
        int granted = Math.max(MIN_THINKING_BUDGET, budget);
        boolean forced = body.path("tool_choice").path("type").asText("").matches("any|tool");
        if (request.historyHasToolCalls() || forced || granted >= maxTokens) {
            dropped.add("reasoning");
            return;
        }
        body.putObject("thinking").put("type", "enabled").put("budget_tokens", granted);
        for (String incompatible : List.of("temperature", "top_p", "top_k")) {
            if (body.remove(incompatible) != null) {
                dropped.add(incompatible);
            }
        }
    }
}
