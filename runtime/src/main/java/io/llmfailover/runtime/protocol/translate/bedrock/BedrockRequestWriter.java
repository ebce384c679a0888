package io.llmfailover.runtime.protocol.translate.bedrock;

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
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Writes the neutral request as a Converse body: {@code system} blocks, alternating turns of
 * content blocks (tool results first in their user turn), {@code inferenceConfig} and
 * {@code toolConfig}. The model goes in the path, not here. Images and documents travel as inline
 * bytes only: Converse fetches no URL, so one by URL is dropped.
 */
final class BedrockRequestWriter {

    private static final Set<String> IMAGE_FORMATS = Set.of("png", "jpeg", "gif", "webp");

    private final DroppedFields dropped;
    private int documents;

    BedrockRequestWriter(DroppedFields dropped) {
        this.dropped = dropped;
    }

    ObjectNode write(ChatRequest request) {
        ObjectNode body = Json.object();
        if (!request.system().isEmpty()) {
            ArrayNode system = body.putArray("system");
            request.system().forEach(text -> system.addObject().put("text", text));
        }
        ArrayNode messages = body.putArray("messages");
        for (Turn turn : Turn.alternating(request.turns().stream().map(Turn::withoutBlankText).toList())) {
            writeTurn(turn, messages.addObject());
        }
        writeInferenceConfig(request, body);
        writeTools(request, body);
        dropUnsupported(request);
        return body;
    }

    private void writeTurn(Turn turn, ObjectNode message) {
        message.put("role", turn.role() == Turn.Role.USER ? "user" : "assistant");
        ArrayNode content = message.putArray("content");
        for (Part part : turn.toolResultsFirst()) {
            writePart(part, content);
        }
    }

    private void writePart(Part part, ArrayNode content) {
        if (part instanceof Part.Text text) {
            content.addObject().put("text", text.text());
        } else if (part instanceof Part.Media media) {
            writeMedia(media, content);
        } else if (part instanceof Part.ToolCall call) {
            ObjectNode use = content.addObject().putObject("toolUse").put("toolUseId", Ids.safe(call.id()))
                    .put("name", call.name());
            use.set("input", call.arguments());
        } else if (part instanceof Part.ToolResult result) {
            ObjectNode written = content.addObject().putObject("toolResult").put("toolUseId", Ids.safe(result.callId()));
            ArrayNode resultContent = written.putArray("content");
            for (Part inner : result.content()) {
                writePart(inner, resultContent);
            }
            if (resultContent.isEmpty()) {
                resultContent.addObject().put("text", "");
            }
            if (result.isError()) {
                written.put("status", "error");
            }
        }
    }

    private void writeMedia(Part.Media media, ArrayNode content) {
        if (!media.inline()) {
            dropped.add("content.media_url");
            return;
        }
        if (MediaTypes.isPdf(media.mediaType())) {
            content.addObject().putObject("document").put("format", "pdf").put("name", "document-" + ++documents)
                    .putObject("source").put("bytes", media.base64Data());
            return;
        }
        String format = imageFormat(media.mediaType());
        if (format == null) {
            dropped.add("content.media_type");
            return;
        }
        content.addObject().putObject("image").put("format", format).putObject("source").put("bytes", media.base64Data());
    }

    private static String imageFormat(String mediaType) {
        if (mediaType == null || !mediaType.startsWith("image/")) {
            return null;
        }
        String format = mediaType.substring("image/".length());
        format = format.equals("jpg") ? "jpeg" : format;
        return IMAGE_FORMATS.contains(format) ? format : null;
    }

    private void writeInferenceConfig(ChatRequest request, ObjectNode body) {
        ObjectNode config = Json.object();
        if (request.maxTokens() != null) {
            config.put("maxTokens", request.maxTokens());
        }
        if (request.temperature() != null) {
            config.put("temperature", Math.max(0.0, Math.min(1.0, request.temperature())));
        }
        if (request.topP() != null) {
            config.put("topP", request.topP());
        }
        ArrayNode stop = Json.array();
        request.stop().stream().filter(sequence -> !sequence.isBlank()).forEach(stop::add);
        if (stop.size() < request.stop().size()) {
            dropped.add("stop");
        }
        if (!stop.isEmpty()) {
            config.set("stopSequences", stop);
        }
        if (!config.isEmpty()) {
            body.set("inferenceConfig", config);
        }
    }

    private void writeTools(ChatRequest request, ObjectNode body) {
        List<ToolSpec> tools = new ArrayList<>(request.tools());
        ToolChoice choice = request.toolChoice();
        if (tools.isEmpty()) {
            // Converse rejects tool blocks in a request that declares no tools: declare the ones the history used.
            request.toolNamesInHistory().forEach(name -> tools.add(new ToolSpec(name, null, null)));
            choice = null;
        }
        if (tools.isEmpty()) {
            return;
        }
        ObjectNode config = body.putObject("toolConfig");
        ArrayNode written = config.putArray("tools");
        for (ToolSpec tool : tools) {
            ObjectNode spec = written.addObject().putObject("toolSpec").put("name", tool.name());
            if (tool.description() != null) {
                spec.put("description", tool.description());
            }
            spec.putObject("inputSchema").set("json", tool.schemaOrAnyObject());
        }
        if (choice == null) {
            return;
        }
        switch (choice.mode()) {
            case AUTO -> config.putObject("toolChoice").putObject("auto");
            case REQUIRED -> config.putObject("toolChoice").putObject("any");
            case NAMED -> config.putObject("toolChoice").putObject("tool").put("name", choice.name());
            // Converse has no "none": the tools stay declared and the model may still call one.
            case NONE -> dropped.add("tool_choice");
        }
    }

    /** What Converse has no field for: the model-specific extras are not guessed per model. */
    private void dropUnsupported(ChatRequest request) {
        dropped.addIfSet(request.format(), "response_format");
        dropped.addIfSet(request.topK(), "top_k");
        dropped.addIfSet(request.seed(), "seed");
        dropped.addIfSet(request.presencePenalty(), "presence_penalty");
        dropped.addIfSet(request.frequencyPenalty(), "frequency_penalty");
        dropped.addIfSet(request.user(), "user");
        dropped.addIfSet(request.reasoningBudget(), "reasoning");
        if (Boolean.FALSE.equals(request.parallelToolCalls())) {
            dropped.add("parallel_tool_calls");
        }
    }
}
