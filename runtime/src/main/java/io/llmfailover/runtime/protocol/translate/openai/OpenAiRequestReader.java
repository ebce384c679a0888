package io.llmfailover.runtime.protocol.translate.openai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.translate.Json;
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
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Reads an OpenAI Chat Completions request into the neutral form, applying the translation policy. */
final class OpenAiRequestReader {

    /** Fields another vendor cannot honour and that only shape the answer's metadata: dropped. */
    private static final Set<String> DROPPED = Set.of("logprobs", "top_logprobs", "logit_bias", "store", "metadata",
            "service_tier", "prediction", "verbosity", "prompt_cache_key", "safety_identifier", "prompt_cache_retention");

    /** Fields whose answer no other vendor could give: the call is not failed over. */
    private static final Set<String> REFUSED = Set.of("audio", "web_search_options", "functions", "function_call");

    private static final Set<String> READ = Set.of("model", "messages", "tools", "tool_choice", "parallel_tool_calls",
            "response_format", "max_tokens", "max_completion_tokens", "temperature", "top_p", "stop", "n", "seed",
            "presence_penalty", "frequency_penalty", "user", "reasoning_effort", "stream", "stream_options", "modalities");

    private final DroppedFields dropped;
    private final Map<String, String> toolNamesById = new HashMap<>();

    OpenAiRequestReader(DroppedFields dropped) {
        this.dropped = dropped;
    }

    ChatRequest read(ObjectNode body) throws UntranslatableRequestException {
        checkPolicy(body);
        ChatRequest.Builder request = ChatRequest.builder()
                .model(Json.text(body, "model"))
                .maxTokens(firstInteger(body, "max_completion_tokens", "max_tokens"))
                .temperature(Json.number(body, "temperature"))
                .topP(Json.number(body, "top_p"))
                .presencePenalty(Json.number(body, "presence_penalty"))
                .frequencyPenalty(Json.number(body, "frequency_penalty"))
                .user(Json.text(body, "user"))
                .reasoningBudget(ReasoningEfforts.budget(Json.text(body, "reasoning_effort")))
                .stream(Json.field(body, "stream") != null && body.get("stream").asBoolean())
                .streamUsage(Json.field(body, "stream_options") != null
                        && body.get("stream_options").path("include_usage").asBoolean(false));
        JsonNode seed = Json.field(body, "seed");
        if (seed != null && seed.isNumber()) {
            request.seed(seed.asLong());
        }
        JsonNode parallel = Json.field(body, "parallel_tool_calls");
        if (parallel != null && parallel.isBoolean()) {
            request.parallelToolCalls(parallel.asBoolean());
        }
        readStop(Json.field(body, "stop"), request);
        readMessages(body, request);
        readTools(body, request);
        request.toolChoice(readToolChoice(Json.field(body, "tool_choice")));
        request.format(readFormat(Json.field(body, "response_format")));
        return request.build();
    }

    private void checkPolicy(ObjectNode body) throws UntranslatableRequestException {
        Integer n = Json.integer(body, "n");
        if (n != null && n > 1) {
            throw new UntranslatableRequestException("n=" + n + ": several choices per call cannot be translated");
        }
        RefusedFields.check(body, REFUSED);
        for (JsonNode modality : Json.elements(body, "modalities")) {
            if (!"text".equals(modality.asText())) {
                throw new UntranslatableRequestException("modalities " + modality.asText() + " has no equivalent at another vendor");
            }
        }
        Iterator<String> names = body.fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            if (DROPPED.contains(name) || !READ.contains(name)) {
                if (Json.field(body, name) != null) {
                    dropped.add(name);
                }
            }
        }
    }

    private static Integer firstInteger(ObjectNode body, String first, String second) {
        Integer value = Json.integer(body, first);
        return value != null ? value : Json.integer(body, second);
    }

    private static void readStop(JsonNode stop, ChatRequest.Builder request) {
        if (stop == null) {
            return;
        }
        if (stop.isTextual()) {
            request.stop(stop.asText());
        }
        for (JsonNode each : stop.isArray() ? stop : Json.array()) {
            if (each.isTextual()) {
                request.stop(each.asText());
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
            if (role == null) {
                throw new UntranslatableRequestException("a message has no role");
            }
            switch (role) {
                case "system", "developer" -> request.system(joinedText(Json.field(message, "content")));
                case "user" -> request.turn(new Turn(Turn.Role.USER, userParts(message)));
                case "assistant" -> request.turn(new Turn(Turn.Role.ASSISTANT, assistantParts(message)));
                case "tool" -> request.turn(new Turn(Turn.Role.USER, List.of(toolResult(message))));
                default -> throw new UntranslatableRequestException("message role " + role + " cannot be translated");
            }
        }
    }

    private List<Part> userParts(JsonNode message) throws UntranslatableRequestException {
        if (Json.field(message, "name") != null) {
            dropped.add("messages[].name");
        }
        JsonNode content = Json.field(message, "content");
        List<Part> parts = new ArrayList<>();
        if (content == null) {
            return parts;
        }
        if (content.isTextual()) {
            parts.add(new Part.Text(content.asText()));
            return parts;
        }
        for (JsonNode part : content) {
            String type = Json.text(part, "type");
            switch (type == null ? "" : type) {
                case "text" -> parts.add(new Part.Text(part.path("text").asText("")));
                case "image_url" -> {
                    JsonNode image = part.path("image_url");
                    String url = image.isTextual() ? image.asText() : Json.text(image, "url");
                    if (url == null) {
                        throw new UntranslatableRequestException("an image_url part has no url");
                    }
                    parts.add(DataUri.toMedia(url));
                }
                case "file" -> parts.add(file(part.path("file")));
                default -> throw new UntranslatableRequestException("content part " + type + " has no equivalent at another vendor");
            }
        }
        return parts;
    }

    private static Part file(JsonNode file) throws UntranslatableRequestException {
        String data = Json.text(file, "file_data");
        if (data == null || !data.startsWith("data:")) {
            throw new UntranslatableRequestException("file parts are translated only when inline (file_data)");
        }
        return DataUri.toMedia(data);
    }

    private List<Part> assistantParts(JsonNode message) throws UntranslatableRequestException {
        if (Json.field(message, "audio") != null) {
            throw new UntranslatableRequestException("assistant audio has no equivalent at another vendor");
        }
        if (Json.field(message, "reasoning_content") != null) {
            dropped.add("messages[].reasoning_content");
        }
        List<Part> parts = new ArrayList<>();
        String text = joinedText(Json.field(message, "content"));
        if (!text.isEmpty()) {
            parts.add(new Part.Text(text));
        }
        for (JsonNode call : Json.elements(message, "tool_calls")) {
            String id = Json.text(call, "id");
            String name = Json.text(call.path("function"), "name");
            if (id == null || name == null) {
                throw new UntranslatableRequestException("a tool call has no id or no function name");
            }
            toolNamesById.put(id, name);
            parts.add(new Part.ToolCall(id, name, arguments(Json.text(call.path("function"), "arguments"))));
        }
        return parts;
    }

    private ObjectNode arguments(String text) {
        if (text == null || text.isBlank()) {
            return Json.object();
        }
        ObjectNode parsed = Json.parseObjectOrNull(text);
        if (parsed == null) {
            // A model wrote arguments that are not a JSON object; targets need an object.
            dropped.add("messages[].tool_calls[].function.arguments");
            return Json.object();
        }
        return parsed;
    }

    private Part toolResult(JsonNode message) throws UntranslatableRequestException {
        String callId = Json.text(message, "tool_call_id");
        if (callId == null) {
            throw new UntranslatableRequestException("a tool message has no tool_call_id");
        }
        String name = toolNamesById.getOrDefault(callId, Json.text(message, "name"));
        List<Part> content = List.of(new Part.Text(joinedText(Json.field(message, "content"))));
        return new Part.ToolResult(callId, name, content, false);
    }

    /** The text of a string content or of the text (and refusal) parts of a list content. */
    static String joinedText(JsonNode content) {
        if (content == null) {
            return "";
        }
        if (content.isTextual()) {
            return content.asText();
        }
        StringBuilder text = new StringBuilder();
        for (JsonNode part : content.isArray() ? content : Json.array()) {
            String value = part.isTextual() ? part.asText() : Json.text(part, "text");
            if (value == null) {
                value = Json.text(part, "refusal");
            }
            if (value != null) {
                text.append(text.length() == 0 ? "" : "\n").append(value);
            }
        }
        return text.toString();
    }

    private void readTools(ObjectNode body, ChatRequest.Builder request) throws UntranslatableRequestException {
        for (JsonNode tool : Json.elements(body, "tools")) {
            if (!"function".equals(Json.text(tool, "type"))) {
                throw new UntranslatableRequestException("tool type " + Json.text(tool, "type") + " has no equivalent at another vendor");
            }
            JsonNode function = tool.path("function");
            String name = Json.text(function, "name");
            if (name == null) {
                throw new UntranslatableRequestException("a function tool has no name");
            }
            if (Json.field(function, "strict") != null) {
                dropped.add("tools[].function.strict");
            }
            request.tool(new ToolSpec(name, Json.text(function, "description"), Json.field(function, "parameters")));
        }
    }

    static ToolChoice readToolChoice(JsonNode choice) {
        if (choice == null) {
            return null;
        }
        if (choice.isTextual()) {
            return switch (choice.asText()) {
                case "none" -> ToolChoice.NONE;
                case "required" -> ToolChoice.REQUIRED;
                default -> ToolChoice.AUTO;
            };
        }
        String name = Json.text(choice.path("function"), "name");
        return name == null ? ToolChoice.AUTO : ToolChoice.named(name);
    }

    private static OutputFormat readFormat(JsonNode format) {
        String type = Json.text(format, "type");
        if ("json_object".equals(type)) {
            return OutputFormat.JSON_OBJECT;
        }
        if ("json_schema".equals(type)) {
            JsonNode schema = format.path("json_schema");
            return new OutputFormat(OutputFormat.Kind.JSON_SCHEMA, Json.text(schema, "name"), Json.field(schema, "schema"));
        }
        return null;
    }
}
