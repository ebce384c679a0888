package io.llmfailover.runtime.protocol.translate.gemini;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.translate.Json;
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

/**
 * Writes the neutral request as a Gemini {@code generateContent} body: system prompts as
 * {@code systemInstruction}, alternating user/model contents, function responses named after the
 * call they answer, schemas cut to Gemini's subset.
 */
final class GeminiRequestWriter {

    /**
     * Stands in for the thought signature Gemini 3 wants on a replayed function call: a call made by
     * another vendor has none, and this documented value tells Gemini to skip the check.
     */
    static final String FOREIGN_SIGNATURE = "skip_thought_signature_validator";

    private static final int MAX_STOP_SEQUENCES = 5;

    private final DroppedFields dropped;

    GeminiRequestWriter(DroppedFields dropped) {
        this.dropped = dropped;
    }

    ObjectNode write(ChatRequest request) {
        ObjectNode body = Json.object();
        writeContents(request, body.putArray("contents"));
        if (!request.system().isEmpty()) {
            body.putObject("systemInstruction").putArray("parts").addObject().put("text", String.join("\n\n", request.system()));
        }
        writeTools(request, body);
        ObjectNode generation = generationConfig(request);
        if (!generation.isEmpty()) {
            body.set("generationConfig", generation);
        }
        if (request.user() != null) {
            dropped.add("user");
        }
        return body;
    }

    private void writeContents(ChatRequest request, ArrayNode contents) {
        Map<String, String> namesById = new HashMap<>();
        List<Turn> cleaned = new ArrayList<>();
        for (Turn turn : request.turns()) {
            List<Part> parts = turn.parts().stream()
                    .filter(part -> !(part instanceof Part.Text text) || !text.text().isEmpty()).toList();
            parts.forEach(part -> {
                if (part instanceof Part.ToolCall call) {
                    namesById.put(call.id(), call.name());
                }
            });
            cleaned.add(new Turn(turn.role(), parts));
        }
        for (Turn turn : Turn.alternating(cleaned)) {
            ObjectNode content = contents.addObject().put("role", turn.role() == Turn.Role.USER ? "user" : "model");
            ArrayNode parts = content.putArray("parts");
            boolean signed = false;
            for (Part part : turn.parts()) {
                if (part instanceof Part.ToolResult result) {
                    String name = result.name() != null ? result.name() : namesById.getOrDefault(result.callId(), "unknown_function");
                    parts.addObject().putObject("functionResponse").put("name", name)
                            .set("response", GeminiToolResults.response(resultText(result)));
                }
            }
            for (Part part : turn.parts()) {
                if (part instanceof Part.ToolCall call) {
                    ObjectNode written = parts.addObject();
                    written.putObject("functionCall").put("name", call.name()).set("args", call.arguments());
                    if (!signed) {
                        written.put("thoughtSignature", FOREIGN_SIGNATURE);
                        signed = true;
                    }
                } else if (!(part instanceof Part.ToolResult)) {
                    writeContentPart(part, parts);
                }
            }
        }
    }

    private static void writeContentPart(Part part, ArrayNode parts) {
        if (part instanceof Part.Text text) {
            parts.addObject().put("text", text.text());
        } else if (part instanceof Part.Media media) {
            if (media.inline()) {
                parts.addObject().putObject("inlineData").put("mimeType", media.mediaType()).put("data", media.base64Data());
            } else {
                parts.addObject().putObject("fileData").put("mimeType", media.mediaType()).put("fileUri", media.url());
            }
        }
    }

    private String resultText(Part.ToolResult result) {
        StringBuilder text = new StringBuilder();
        for (Part part : result.content()) {
            if (part instanceof Part.Text t) {
                text.append(text.length() == 0 ? "" : "\n").append(t.text());
            } else {
                dropped.add("tool_result.media");
            }
        }
        return text.toString();
    }

    private void writeTools(ChatRequest request, ObjectNode body) {
        if (!request.tools().isEmpty()) {
            ArrayNode declarations = body.putArray("tools").addObject().putArray("functionDeclarations");
            for (ToolSpec spec : request.tools()) {
                ObjectNode declaration = declarations.addObject().put("name", spec.name());
                if (spec.description() != null) {
                    declaration.put("description", spec.description());
                }
                if (!GeminiSchema.declaresNothing(spec.schema())) {
                    declaration.set("parameters", GeminiSchema.clean(spec.schema()));
                }
            }
        }
        if (request.parallelToolCalls() != null) {
            dropped.add("parallel_tool_calls");
        }
        ToolChoice choice = request.toolChoice();
        if (choice == null || request.tools().isEmpty()) {
            return;
        }
        ObjectNode config = body.putObject("toolConfig").putObject("functionCallingConfig");
        switch (choice.mode()) {
            case AUTO -> config.put("mode", "AUTO");
            case NONE -> config.put("mode", "NONE");
            case REQUIRED -> config.put("mode", "ANY");
            case NAMED -> config.put("mode", "ANY").putArray("allowedFunctionNames").add(choice.name());
        }
    }

    private ObjectNode generationConfig(ChatRequest request) {
        ObjectNode config = Json.object();
        if (request.maxTokens() != null) {
            config.put("maxOutputTokens", request.maxTokens());
        }
        if (request.temperature() != null) {
            config.put("temperature", Math.max(0.0, Math.min(2.0, request.temperature())));
        }
        if (request.topP() != null) {
            config.put("topP", request.topP());
        }
        if (request.topK() != null) {
            config.put("topK", request.topK());
        }
        if (!request.stop().isEmpty()) {
            ArrayNode stop = config.putArray("stopSequences");
            request.stop().stream().limit(MAX_STOP_SEQUENCES).forEach(stop::add);
            if (request.stop().size() > MAX_STOP_SEQUENCES) {
                dropped.add("stop");
            }
        }
        if (request.seed() != null) {
            config.put("seed", request.seed());
        }
        if (request.presencePenalty() != null) {
            config.put("presencePenalty", request.presencePenalty());
        }
        if (request.frequencyPenalty() != null) {
            config.put("frequencyPenalty", request.frequencyPenalty());
        }
        OutputFormat format = request.format();
        if (format != null) {
            config.put("responseMimeType", "application/json");
            if (format.schema() != null) {
                config.set("responseSchema", GeminiSchema.clean(format.schema()));
            }
        }
        if (request.reasoningBudget() != null) {
            config.putObject("thinkingConfig").put("thinkingBudget", request.reasoningBudget());
        }
        return config;
    }
}
