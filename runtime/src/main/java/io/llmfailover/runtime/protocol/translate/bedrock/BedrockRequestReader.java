package io.llmfailover.runtime.protocol.translate.bedrock;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.translate.Json;
import io.llmfailover.runtime.protocol.translate.RefusedFields;
import io.llmfailover.runtime.protocol.translate.SourceRequest;
import io.llmfailover.runtime.protocol.translate.UntranslatableRequestException;
import io.llmfailover.runtime.protocol.translate.model.ChatRequest;
import io.llmfailover.runtime.protocol.translate.model.DroppedFields;
import io.llmfailover.runtime.protocol.translate.model.Part;
import io.llmfailover.runtime.protocol.translate.model.ToolChoice;
import io.llmfailover.runtime.protocol.translate.model.ToolSpec;
import io.llmfailover.runtime.protocol.translate.model.Turn;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Reads a Converse request into the neutral form; the model and streaming come from its path. */
final class BedrockRequestReader {

    private static final Set<String> READ = Set.of("messages", "system", "inferenceConfig", "toolConfig");

    /** A guardrail is AWS's to apply: another vendor would answer without it. */
    private static final Set<String> REFUSED = Set.of("guardrailConfig", "promptVariables");

    private final DroppedFields dropped;
    private final Map<String, String> toolNamesById = new HashMap<>();

    BedrockRequestReader(DroppedFields dropped) {
        this.dropped = dropped;
    }

    ChatRequest read(ObjectNode body, SourceRequest source) throws UntranslatableRequestException {
        RefusedFields.check(body, REFUSED);
        dropped.addUnread(body, READ, "");
        JsonNode config = body.path("inferenceConfig");
        ChatRequest.Builder request = ChatRequest.builder()
                .model(source.model())
                .maxTokens(Json.integer(config, "maxTokens"))
                .temperature(Json.number(config, "temperature"))
                .topP(Json.number(config, "topP"))
                .stream(source.stream())
                .streamUsage(true);
        for (JsonNode stop : Json.elements(config, "stopSequences")) {
            request.stop(stop.asText());
        }
        for (JsonNode block : Json.elements(body, "system")) {
            String text = Json.text(block, "text");
            if (text != null) {
                request.system(text);
            } else {
                dropped.add("system[]." + firstName(block));
            }
        }
        readMessages(body, request);
        readToolConfig(body.path("toolConfig"), request);
        return request.build();
    }

    private void readMessages(ObjectNode body, ChatRequest.Builder request) throws UntranslatableRequestException {
        JsonNode messages = Json.field(body, "messages");
        if (messages == null || !messages.isArray()) {
            throw new UntranslatableRequestException("messages is missing or not a list");
        }
        for (JsonNode message : messages) {
            String role = Json.text(message, "role");
            Turn.Role turnRole = switch (role == null ? "" : role) {
                case "user" -> Turn.Role.USER;
                case "assistant" -> Turn.Role.ASSISTANT;
                default -> throw new UntranslatableRequestException("message role " + role + " cannot be translated");
            };
            request.turn(new Turn(turnRole, blocks(Json.elements(message, "content"))));
        }
    }

    private List<Part> blocks(Iterable<JsonNode> content) throws UntranslatableRequestException {
        List<Part> parts = new ArrayList<>();
        for (JsonNode block : content) {
            Part part = block(block);
            if (part != null) {
                parts.add(part);
            }
        }
        return parts;
    }

    private Part block(JsonNode block) throws UntranslatableRequestException {
        String kind = firstName(block);
        switch (kind) {
            case "text":
                return new Part.Text(block.path("text").asText(""));
            case "json":
                return new Part.Text(Json.write(block.get("json")));
            case "image":
                return media(block.get("image"), "image/" + Json.text(block.get("image"), "format"));
            case "document":
                if (!"pdf".equals(Json.text(block.get("document"), "format"))) {
                    throw new UntranslatableRequestException("a document that is not a PDF has no equivalent at another vendor");
                }
                return media(block.get("document"), "application/pdf");
            case "toolUse": {
                JsonNode use = block.get("toolUse");
                String id = Json.text(use, "toolUseId");
                String name = Json.text(use, "name");
                if (id == null || name == null) {
                    throw new UntranslatableRequestException("a toolUse block has no toolUseId or no name");
                }
                toolNamesById.put(id, name);
                return new Part.ToolCall(id, name, use.path("input") instanceof ObjectNode input ? input : Json.object());
            }
            case "toolResult": {
                JsonNode result = block.get("toolResult");
                String callId = Json.text(result, "toolUseId");
                if (callId == null) {
                    throw new UntranslatableRequestException("a toolResult block has no toolUseId");
                }
                return new Part.ToolResult(callId, toolNamesById.get(callId), blocks(Json.elements(result, "content")),
                        "error".equals(Json.text(result, "status")));
            }
            case "reasoningContent":
            case "cachePoint":
                // Signed reasoning is only valid where it was signed; a cache point only where it was cached.
                dropped.add("messages[].content." + kind);
                return null;
            default:
                throw new UntranslatableRequestException("content block " + kind + " has no equivalent at another vendor");
        }
    }

    private static Part media(JsonNode block, String mediaType) throws UntranslatableRequestException {
        String bytes = Json.text(block.path("source"), "bytes");
        if (bytes == null) {
            throw new UntranslatableRequestException("an attachment from S3 has no equivalent at another vendor");
        }
        return new Part.Media(mediaType, bytes, null);
    }

    private void readToolConfig(JsonNode config, ChatRequest.Builder request) throws UntranslatableRequestException {
        for (JsonNode tool : Json.elements(config, "tools")) {
            JsonNode spec = Json.field(tool, "toolSpec");
            if (spec == null) {
                dropped.add("toolConfig.tools[]." + firstName(tool));
                continue;
            }
            String name = Json.text(spec, "name");
            if (name == null) {
                throw new UntranslatableRequestException("a toolSpec has no name");
            }
            request.tool(new ToolSpec(name, Json.text(spec, "description"), Json.field(spec.path("inputSchema"), "json")));
        }
        JsonNode choice = Json.field(config, "toolChoice");
        if (choice != null) {
            request.toolChoice(switch (firstName(choice)) {
                case "any" -> ToolChoice.REQUIRED;
                case "tool" -> ToolChoice.named(Json.text(choice.get("tool"), "name"));
                default -> ToolChoice.AUTO;
            });
        }
    }

    /** A Converse union is an object with one member, whose name says what it is. */
    private static String firstName(JsonNode union) {
        Iterator<String> names = union == null ? null : union.fieldNames();
        return names != null && names.hasNext() ? names.next() : "";
    }
}
