package io.llmfailover.runtime.protocol.translate.gemini;

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
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * Reads a Gemini {@code generateContent} request into the neutral form. Gemini names no tool calls,
 * so each call gets an id from its position, and each function response takes the id of the
 * earliest unanswered call of the same name.
 */
final class GeminiRequestReader {

    private static final Set<String> READ = Set.of("contents", "systemInstruction", "system_instruction", "tools",
            "toolConfig", "generationConfig", "model");
    private static final Set<String> GENERATION_READ = Set.of("temperature", "topP", "topK", "candidateCount",
            "maxOutputTokens", "stopSequences", "responseMimeType", "responseSchema", "responseJsonSchema", "seed",
            "presencePenalty", "frequencyPenalty", "thinkingConfig", "responseModalities");

    private final DroppedFields dropped;
    private final List<Part.ToolCall> unanswered = new ArrayList<>();

    GeminiRequestReader(DroppedFields dropped) {
        this.dropped = dropped;
    }

    ChatRequest read(ObjectNode body, String model, boolean stream) throws UntranslatableRequestException {
        if (Json.field(body, "cachedContent") != null) {
            throw new UntranslatableRequestException("cachedContent is server-side state another vendor does not have");
        }
        dropped.addUnread(body, READ, "");
        ChatRequest.Builder request = ChatRequest.builder().model(model).stream(stream).streamUsage(true);
        JsonNode system = Json.field(body, "systemInstruction");
        if (system == null) {
            system = Json.field(body, "system_instruction");
        }
        for (JsonNode part : Json.elements(system, "parts")) {
            String text = Json.text(part, "text");
            if (text != null) {
                request.system(text);
            }
        }
        readContents(body, request);
        readTools(body, request);
        readToolConfig(body.path("toolConfig").path("functionCallingConfig"), request);
        readGeneration(body.path("generationConfig"), request);
        return request.build();
    }

    private void readContents(ObjectNode body, ChatRequest.Builder request) throws UntranslatableRequestException {
        JsonNode contents = Json.field(body, "contents");
        if (contents == null || !contents.isArray()) {
            throw new UntranslatableRequestException("contents is missing or not a list");
        }
        int turnIndex = 0;
        for (JsonNode content : contents) {
            boolean model = "model".equals(Json.text(content, "role"));
            List<Part> parts = new ArrayList<>();
            int partIndex = 0;
            for (JsonNode part : Json.elements(content, "parts")) {
                Part read = part(part, "call_" + turnIndex + "_" + partIndex++);
                if (read != null) {
                    parts.add(read);
                }
            }
            request.turn(new Turn(model ? Turn.Role.ASSISTANT : Turn.Role.USER, parts));
            turnIndex++;
        }
    }

    private Part part(JsonNode part, String positionalId) throws UntranslatableRequestException {
        if (Json.field(part, "thoughtSignature") != null) {
            dropped.add("contents[].parts[].thoughtSignature");
        }
        if (part.has("text")) {
            if (part.path("thought").asBoolean(false)) {
                dropped.add("contents[].parts[].thought");
                return null;
            }
            return new Part.Text(part.path("text").asText(""));
        }
        JsonNode inline = Json.field(part, "inlineData");
        if (inline != null) {
            return new Part.Media(Json.text(inline, "mimeType"), Json.text(inline, "data"), null);
        }
        JsonNode file = Json.field(part, "fileData");
        if (file != null) {
            return new Part.Media(Json.text(file, "mimeType"), null, Json.text(file, "fileUri"));
        }
        JsonNode call = Json.field(part, "functionCall");
        if (call != null) {
            String id = Json.text(call, "id") != null ? Json.text(call, "id") : positionalId;
            String name = Json.text(call, "name");
            if (name == null) {
                throw new UntranslatableRequestException("a functionCall without a name has no equivalent at another vendor");
            }
            JsonNode args = call.path("args");
            Part.ToolCall toolCall = new Part.ToolCall(id, name, args instanceof ObjectNode o ? o : Json.object());
            unanswered.add(toolCall);
            return toolCall;
        }
        JsonNode response = Json.field(part, "functionResponse");
        if (response != null) {
            return functionResponse(response);
        }
        throw new UntranslatableRequestException("a part of kind " + firstFieldName(part) + " has no equivalent at another vendor");
    }

    private Part functionResponse(JsonNode response) {
        String name = Json.text(response, "name");
        String id = Json.text(response, "id");
        Part.ToolCall answered = null;
        for (Part.ToolCall call : unanswered) {
            if (id != null ? id.equals(call.id()) : call.name().equals(name)) {
                answered = call;
                break;
            }
        }
        if (answered != null) {
            unanswered.remove(answered);
        }
        String callId = answered != null ? answered.id() : (id != null ? id : "call_" + name);
        return new Part.ToolResult(callId, name, List.of(new Part.Text(GeminiToolResults.text(response.path("response")))), false);
    }

    private static String firstFieldName(JsonNode part) {
        Iterator<String> names = part.fieldNames();
        return names.hasNext() ? names.next() : "(empty)";
    }

    private static void readTools(ObjectNode body, ChatRequest.Builder request) throws UntranslatableRequestException {
        for (JsonNode tool : Json.elements(body, "tools")) {
            Iterator<String> kinds = tool.fieldNames();
            while (kinds.hasNext()) {
                String kind = kinds.next();
                if (!kind.equals("functionDeclarations") && !kind.equals("function_declarations")) {
                    throw new UntranslatableRequestException("built-in tool " + kind + " has no equivalent at another vendor");
                }
            }
            String declarations = tool.has("functionDeclarations") ? "functionDeclarations" : "function_declarations";
            for (JsonNode declaration : Json.elements(tool, declarations)) {
                JsonNode schema = Json.field(declaration, "parametersJsonSchema");
                request.tool(new ToolSpec(Json.text(declaration, "name"), Json.text(declaration, "description"),
                        schema != null ? schema : Json.field(declaration, "parameters")));
            }
        }
    }

    private void readToolConfig(JsonNode config, ChatRequest.Builder request) {
        String mode = Json.text(config, "mode");
        if (mode == null) {
            return;
        }
        List<String> allowed = new ArrayList<>();
        Json.elements(config, "allowedFunctionNames").forEach(name -> allowed.add(name.asText()));
        switch (mode) {
            case "NONE" -> request.toolChoice(ToolChoice.NONE);
            case "ANY" -> {
                if (allowed.size() == 1) {
                    request.toolChoice(ToolChoice.named(allowed.get(0)));
                } else {
                    request.toolChoice(ToolChoice.REQUIRED);
                    if (!allowed.isEmpty()) {
                        dropped.add("toolConfig.functionCallingConfig.allowedFunctionNames");
                    }
                }
            }
            default -> request.toolChoice(ToolChoice.AUTO);
        }
    }

    private void readGeneration(JsonNode config, ChatRequest.Builder request) throws UntranslatableRequestException {
        if (!config.isObject()) {
            return;
        }
        Integer candidates = Json.integer(config, "candidateCount");
        if (candidates != null && candidates > 1) {
            throw new UntranslatableRequestException("candidateCount=" + candidates + ": several candidates per call cannot be translated");
        }
        for (JsonNode modality : Json.elements(config, "responseModalities")) {
            if (!"TEXT".equalsIgnoreCase(modality.asText())) {
                throw new UntranslatableRequestException("response modality " + modality.asText() + " has no equivalent at another vendor");
            }
        }
        dropped.addUnread(config, GENERATION_READ, "generationConfig.");
        request.temperature(Json.number(config, "temperature"))
                .topP(Json.number(config, "topP"))
                .topK(Json.integer(config, "topK"))
                .maxTokens(Json.integer(config, "maxOutputTokens"))
                .presencePenalty(Json.number(config, "presencePenalty"))
                .frequencyPenalty(Json.number(config, "frequencyPenalty"));
        JsonNode seed = Json.field(config, "seed");
        if (seed != null && seed.isNumber()) {
            request.seed(seed.asLong());
        }
        for (JsonNode stop : Json.elements(config, "stopSequences")) {
            request.stop(stop.asText());
        }
        if ("application/json".equals(Json.text(config, "responseMimeType"))) {
            JsonNode schema = Json.field(config, "responseJsonSchema");
            if (schema == null) {
                schema = Json.field(config, "responseSchema");
            }
            request.format(schema == null ? OutputFormat.JSON_OBJECT : new OutputFormat(OutputFormat.Kind.JSON_SCHEMA, null, schema));
        }
        request.reasoningBudget(thinkingBudget(config.path("thinkingConfig")));
    }

    private static Integer thinkingBudget(JsonNode thinking) {
        Integer budget = Json.integer(thinking, "thinkingBudget");
        if (budget != null) {
            return budget > 0 ? budget : null;
        }
        String level = Json.text(thinking, "thinkingLevel");
        if (level == null) {
            return null;
        }
        return switch (level.toUpperCase(java.util.Locale.ROOT)) {
            case "LOW", "MINIMAL" -> 1024;
            case "HIGH" -> 4096;
            default -> 2048;
        };
    }
}
