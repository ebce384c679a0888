package io.llmfailover.runtime.protocol.translate.anthropic;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.translate.Json;
import io.llmfailover.runtime.protocol.translate.MediaTypes;
import io.llmfailover.runtime.protocol.translate.RefusedFields;
import io.llmfailover.runtime.protocol.translate.UntranslatableRequestException;
import io.llmfailover.runtime.protocol.translate.model.ChatRequest;
import io.llmfailover.runtime.protocol.translate.model.DroppedFields;
import io.llmfailover.runtime.protocol.translate.model.OutputFormat;
import io.llmfailover.runtime.protocol.translate.model.Part;
import io.llmfailover.runtime.protocol.translate.model.ToolChoice;
import io.llmfailover.runtime.protocol.translate.model.ToolSpec;
import io.llmfailover.runtime.protocol.translate.model.Turn;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Reads an Anthropic Messages request into the neutral form, applying the translation policy. */
final class AnthropicRequestReader {

    private static final Set<String> READ = Set.of("model", "max_tokens", "system", "messages", "tools", "tool_choice",
            "temperature", "top_p", "top_k", "stop_sequences", "metadata", "stream", "thinking", "output_config",
            "output_format");

    /** Server-side state or server-run tools no other vendor has: the call is not failed over. */
    private static final Set<String> REFUSED = Set.of("container", "mcp_servers");

    private final DroppedFields dropped;
    private final Map<String, String> toolNamesById = new HashMap<>();

    AnthropicRequestReader(DroppedFields dropped) {
        this.dropped = dropped;
    }

    ChatRequest read(ObjectNode body) throws UntranslatableRequestException {
        RefusedFields.check(body, REFUSED);
        dropped.addUnread(body, READ, "");
        ChatRequest.Builder request = ChatRequest.builder()
                .model(Json.text(body, "model"))
                .maxTokens(Json.integer(body, "max_tokens"))
                .temperature(Json.number(body, "temperature"))
                .topP(Json.number(body, "top_p"))
                .topK(Json.integer(body, "top_k"))
                .user(Json.text(body.path("metadata"), "user_id"))
                .stream(body.path("stream").asBoolean(false))
                .streamUsage(true);
        for (JsonNode stop : Json.elements(body, "stop_sequences")) {
            request.stop(stop.asText());
        }
        readSystem(Json.field(body, "system"), request);
        readMessages(body, request);
        readTools(body, request);
        readToolChoice(Json.field(body, "tool_choice"), request);
        readThinking(Json.field(body, "thinking"), request);
        JsonNode format = Json.field(body.path("output_config"), "format");
        request.format(readFormat(format != null ? format : Json.field(body, "output_format")));
        return request.build();
    }

    private static void readSystem(JsonNode system, ChatRequest.Builder request) {
        if (system == null) {
            return;
        }
        if (system.isTextual()) {
            request.system(system.asText());
            return;
        }
        for (JsonNode block : system) {
            String text = Json.text(block, "text");
            if (text != null) {
                request.system(text);
            }
        }
    }

    private void readMessages(ObjectNode body, ChatRequest.Builder request) throws UntranslatableRequestException {
        JsonNode messages = Json.field(body, "messages");
        if (messages == null || !messages.isArray()) {
            throw new UntranslatableRequestException("messages is missing or not a list");
        }
        for (JsonNode message : messages) {
            String role = Json.text(message, "role");
            Turn.Role turnRole;
            if ("user".equals(role)) {
                turnRole = Turn.Role.USER;
            } else if ("assistant".equals(role)) {
                turnRole = Turn.Role.ASSISTANT;
            } else {
                throw new UntranslatableRequestException("message role " + role + " cannot be translated");
            }
            request.turn(new Turn(turnRole, blocks(Json.field(message, "content"))));
        }
    }

    private List<Part> blocks(JsonNode content) throws UntranslatableRequestException {
        List<Part> parts = new ArrayList<>();
        if (content == null) {
            return parts;
        }
        if (content.isTextual()) {
            parts.add(new Part.Text(content.asText()));
            return parts;
        }
        for (JsonNode block : content) {
            Part part = block(block);
            if (part != null) {
                parts.add(part);
            }
        }
        return parts;
    }

    private Part block(JsonNode block) throws UntranslatableRequestException {
        String type = Json.text(block, "type");
        switch (type == null ? "" : type) {
            case "text":
                return new Part.Text(block.path("text").asText(""));
            case "image":
            case "document":
                return media(block.path("source"), type);
            case "tool_use": {
                String id = Json.text(block, "id");
                String name = Json.text(block, "name");
                if (id == null || name == null) {
                    throw new UntranslatableRequestException("a tool_use block has no id or no name");
                }
                toolNamesById.put(id, name);
                JsonNode input = block.path("input");
                return new Part.ToolCall(id, name, input instanceof ObjectNode object ? object : Json.object());
            }
            case "tool_result": {
                String callId = Json.text(block, "tool_use_id");
                if (callId == null) {
                    throw new UntranslatableRequestException("a tool_result block has no tool_use_id");
                }
                List<Part> result = blocks(Json.field(block, "content"));
                return new Part.ToolResult(callId, toolNamesById.get(callId), result, block.path("is_error").asBoolean(false));
            }
            case "thinking":
            case "redacted_thinking":
                // Signed reasoning is only valid at the vendor that signed it.
                dropped.add("messages[].content.thinking");
                return null;
            default:
                throw new UntranslatableRequestException("content block " + type + " has no equivalent at another vendor");
        }
    }

    private static Part media(JsonNode source, String blockType) throws UntranslatableRequestException {
        String sourceType = Json.text(source, "type");
        if ("base64".equals(sourceType)) {
            return new Part.Media(Json.text(source, "media_type"), Json.text(source, "data"), null);
        }
        if ("url".equals(sourceType)) {
            String url = Json.text(source, "url");
            return new Part.Media("document".equals(blockType) ? "application/pdf" : MediaTypes.guess(url), null, url);
        }
        if ("text".equals(sourceType)) {
            return new Part.Text(source.path("data").asText(""));
        }
        throw new UntranslatableRequestException(blockType + " source " + sourceType + " has no equivalent at another vendor");
    }

    private void readTools(ObjectNode body, ChatRequest.Builder request) throws UntranslatableRequestException {
        for (JsonNode tool : Json.elements(body, "tools")) {
            String type = Json.text(tool, "type");
            if (type != null && !type.equals("custom")) {
                throw new UntranslatableRequestException("server tool " + type + " has no equivalent at another vendor");
            }
            String name = Json.text(tool, "name");
            if (name == null) {
                throw new UntranslatableRequestException("a tool has no name");
            }
            request.tool(new ToolSpec(name, Json.text(tool, "description"), Json.field(tool, "input_schema")));
        }
    }

    private static void readToolChoice(JsonNode choice, ChatRequest.Builder request) {
        if (choice == null) {
            return;
        }
        String type = Json.text(choice, "type");
        request.toolChoice(switch (type == null ? "auto" : type) {
            case "any" -> ToolChoice.REQUIRED;
            case "none" -> ToolChoice.NONE;
            case "tool" -> ToolChoice.named(Json.text(choice, "name"));
            default -> ToolChoice.AUTO;
        });
        if (choice.path("disable_parallel_tool_use").asBoolean(false)) {
            request.parallelToolCalls(false);
        }
    }

    private void readThinking(JsonNode thinking, ChatRequest.Builder request) {
        if (thinking == null) {
            return;
        }
        if ("enabled".equals(Json.text(thinking, "type"))) {
            request.reasoningBudget(Json.integer(thinking, "budget_tokens"));
        } else if (!"disabled".equals(Json.text(thinking, "type"))) {
            dropped.add("thinking");
        }
    }

    private static OutputFormat readFormat(JsonNode format) {
        if (format == null || !"json_schema".equals(Json.text(format, "type"))) {
            return null;
        }
        return new OutputFormat(OutputFormat.Kind.JSON_SCHEMA, null, Json.field(format, "schema"));
    }
}
