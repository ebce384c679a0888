package io.llmfailover.runtime.protocol.translate.openai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.translate.Json;
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

/**
 * Reads a stateless OpenAI Responses request into the neutral form. Calls that lean on state kept
 * by OpenAI ({@link ResponsesState}: {@code previous_response_id}, {@code conversation},
 * {@code store: true}, background runs) or on built-in tools are refused: no other vendor has that state.
 */
final class ResponsesRequestReader {

    private static final Set<String> READ = Set.of("model", "input", "instructions", "tools", "tool_choice",
            "parallel_tool_calls", "text", "max_output_tokens", "temperature", "top_p", "reasoning", "stream", "store",
            "user", "stream_options");

    private final DroppedFields dropped;
    private final Map<String, String> toolNamesById = new HashMap<>();

    ResponsesRequestReader(DroppedFields dropped) {
        this.dropped = dropped;
    }

    ChatRequest read(ObjectNode body) throws UntranslatableRequestException {
        checkPolicy(body);
        ChatRequest.Builder request = ChatRequest.builder()
                .model(Json.text(body, "model"))
                .maxTokens(Json.integer(body, "max_output_tokens"))
                .temperature(Json.number(body, "temperature"))
                .topP(Json.number(body, "top_p"))
                .user(Json.text(body, "user"))
                .reasoningBudget(ReasoningEfforts.budget(Json.text(body.path("reasoning"), "effort")))
                .stream(body.path("stream").asBoolean(false))
                .streamUsage(true);
        JsonNode parallel = Json.field(body, "parallel_tool_calls");
        if (parallel != null && parallel.isBoolean()) {
            request.parallelToolCalls(parallel.asBoolean());
        }
        String instructions = Json.text(body, "instructions");
        if (instructions != null) {
            request.system(instructions);
        }
        readInput(Json.field(body, "input"), request);
        readTools(body, request);
        request.toolChoice(readToolChoice(Json.field(body, "tool_choice")));
        request.format(readFormat(Json.field(body.path("text"), "format")));
        return request.build();
    }

    private void checkPolicy(ObjectNode body) throws UntranslatableRequestException {
        String stateful = ResponsesState.dependency(body);
        if (stateful != null) {
            throw new UntranslatableRequestException(stateful);
        }
        dropped.addUnread(body, READ, "");
    }

    private void readInput(JsonNode input, ChatRequest.Builder request) throws UntranslatableRequestException {
        if (input == null) {
            throw new UntranslatableRequestException("input is missing");
        }
        if (input.isTextual()) {
            request.turn(new Turn(Turn.Role.USER, List.of(new Part.Text(input.asText()))));
            return;
        }
        for (JsonNode item : input) {
            String type = Json.text(item, "type");
            switch (type == null ? "message" : type) {
                case "message" -> readMessage(item, request);
                case "function_call" -> {
                    String callId = Json.text(item, "call_id");
                    String name = Json.text(item, "name");
                    if (callId == null || name == null) {
                        throw new UntranslatableRequestException("a function_call item has no call_id or no name");
                    }
                    toolNamesById.put(callId, name);
                    ObjectNode arguments = Json.parseObjectOrNull(Json.text(item, "arguments"));
                    request.turn(new Turn(Turn.Role.ASSISTANT,
                            List.of(new Part.ToolCall(callId, name, arguments == null ? Json.object() : arguments))));
                }
                case "function_call_output" -> {
                    String callId = Json.text(item, "call_id");
                    JsonNode output = Json.field(item, "output");
                    String text = output == null ? "" : output.isTextual() ? output.asText() : OpenAiRequestReader.joinedText(output);
                    request.turn(new Turn(Turn.Role.USER, List.of(
                            new Part.ToolResult(callId, toolNamesById.get(callId), List.of(new Part.Text(text)), false))));
                }
                case "reasoning" -> dropped.add("input[].reasoning");
                default -> throw new UntranslatableRequestException("input item " + type + " cannot be failed over to another vendor");
            }
        }
    }

    private void readMessage(JsonNode item, ChatRequest.Builder request) throws UntranslatableRequestException {
        String role = Json.text(item, "role");
        List<Part> parts = new ArrayList<>();
        JsonNode content = Json.field(item, "content");
        if (content != null && content.isTextual()) {
            parts.add(new Part.Text(content.asText()));
        }
        for (JsonNode part : content != null && content.isArray() ? content : Json.array()) {
            String type = Json.text(part, "type");
            switch (type == null ? "" : type) {
                case "input_text", "output_text", "text" -> parts.add(new Part.Text(part.path("text").asText("")));
                case "refusal" -> parts.add(new Part.Text(part.path("refusal").asText("")));
                case "input_image" -> {
                    String url = Json.text(part, "image_url");
                    if (url == null) {
                        throw new UntranslatableRequestException("input_image by file_id refers to state kept by OpenAI");
                    }
                    parts.add(DataUri.toMedia(url));
                }
                case "input_file" -> {
                    String data = Json.text(part, "file_data");
                    if (data == null || !data.startsWith("data:")) {
                        throw new UntranslatableRequestException("input_file is translated only when inline (file_data)");
                    }
                    parts.add(DataUri.toMedia(data));
                }
                default -> throw new UntranslatableRequestException("content part " + type + " has no equivalent at another vendor");
            }
        }
        if ("system".equals(role) || "developer".equals(role)) {
            StringBuilder text = new StringBuilder();
            parts.forEach(part -> {
                if (part instanceof Part.Text t) {
                    text.append(text.length() == 0 ? "" : "\n").append(t.text());
                }
            });
            request.system(text.toString());
        } else {
            request.turn(new Turn("assistant".equals(role) ? Turn.Role.ASSISTANT : Turn.Role.USER, parts));
        }
    }

    private static void readTools(ObjectNode body, ChatRequest.Builder request) throws UntranslatableRequestException {
        for (JsonNode tool : Json.elements(body, "tools")) {
            String type = Json.text(tool, "type");
            if (!"function".equals(type)) {
                throw new UntranslatableRequestException("built-in tool " + type + " has no equivalent at another vendor");
            }
            request.tool(new ToolSpec(Json.text(tool, "name"), Json.text(tool, "description"), Json.field(tool, "parameters")));
        }
    }

    private static ToolChoice readToolChoice(JsonNode choice) {
        if (choice != null && choice.isObject() && "function".equals(Json.text(choice, "type"))) {
            return ToolChoice.named(Json.text(choice, "name"));
        }
        return OpenAiRequestReader.readToolChoice(choice);
    }

    private static OutputFormat readFormat(JsonNode format) {
        String type = Json.text(format, "type");
        if ("json_object".equals(type)) {
            return OutputFormat.JSON_OBJECT;
        }
        if ("json_schema".equals(type)) {
            return new OutputFormat(OutputFormat.Kind.JSON_SCHEMA, Json.text(format, "name"), Json.field(format, "schema"));
        }
        return null;
    }
}
