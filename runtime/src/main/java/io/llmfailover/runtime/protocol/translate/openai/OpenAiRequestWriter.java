package io.llmfailover.runtime.protocol.translate.openai;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.translate.Json;
import io.llmfailover.runtime.protocol.translate.MediaTypes;
import io.llmfailover.runtime.protocol.translate.model.ChatRequest;
import io.llmfailover.runtime.protocol.translate.model.DroppedFields;
import io.llmfailover.runtime.protocol.translate.model.OutputFormat;
import io.llmfailover.runtime.protocol.translate.model.Part;
import io.llmfailover.runtime.protocol.translate.model.ToolChoice;
import io.llmfailover.runtime.protocol.translate.model.ToolSpec;
import io.llmfailover.runtime.protocol.translate.model.Turn;
import java.util.ArrayList;
import java.util.List;

/** Writes the neutral request as an OpenAI Chat Completions body, then applies the target's dialect. */
final class OpenAiRequestWriter {

    private final DroppedFields dropped;

    OpenAiRequestWriter(DroppedFields dropped) {
        this.dropped = dropped;
    }

    ObjectNode write(ChatRequest request, String model, OpenAiDialect dialect) {
        ObjectNode body = Json.object().put("model", model);
        ArrayNode messages = body.putArray("messages");
        request.system().forEach(text -> messages.addObject().put("role", "system").put("content", text));
        for (Turn turn : request.turns()) {
            if (turn.role() == Turn.Role.USER) {
                writeUserTurn(turn, messages);
            } else {
                writeAssistantTurn(turn, messages);
            }
        }
        writeTools(request, body);
        writeSettings(request, body, dialect);
        OpenAiDialectRewrite.apply(body, dialect, dropped);
        return body;
    }

    private void writeUserTurn(Turn turn, ArrayNode messages) {
        List<Part> rest = new ArrayList<>();
        for (Part part : turn.parts()) {
            if (part instanceof Part.ToolResult result) {
                messages.addObject().put("role", "tool").put("tool_call_id", result.callId()).put("content", resultText(result));
            } else {
                rest.add(part);
            }
        }
        if (rest.isEmpty()) {
            return;
        }
        ObjectNode message = messages.addObject().put("role", "user");
        if (rest.size() == 1 && rest.get(0) instanceof Part.Text text) {
            message.put("content", text.text());
            return;
        }
        ArrayNode content = message.putArray("content");
        for (Part part : rest) {
            if (part instanceof Part.Text text) {
                content.addObject().put("type", "text").put("text", text.text());
            } else if (part instanceof Part.Media media) {
                writeMedia(media, content);
            }
        }
    }

    private void writeMedia(Part.Media media, ArrayNode content) {
        if (MediaTypes.isPdf(media.mediaType())) {
            if (!media.inline()) {
                dropped.add("content.document_url");
                return;
            }
            ObjectNode file = content.addObject().put("type", "file").putObject("file");
            file.put("filename", "document.pdf").put("file_data", DataUri.of(media));
            return;
        }
        content.addObject().put("type", "image_url").putObject("image_url")
                .put("url", media.inline() ? DataUri.of(media) : media.url());
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

    private static void writeAssistantTurn(Turn turn, ArrayNode messages) {
        ObjectNode message = messages.addObject().put("role", "assistant");
        StringBuilder text = new StringBuilder();
        ArrayNode calls = Json.array();
        for (Part part : turn.parts()) {
            if (part instanceof Part.Text t) {
                text.append(t.text());
            } else if (part instanceof Part.ToolCall call) {
                ObjectNode written = calls.addObject().put("id", call.id()).put("type", "function");
                written.putObject("function").put("name", call.name()).put("arguments", Json.write(call.arguments()));
            }
        }
        if (text.length() == 0) {
            message.putNull("content");
        } else {
            message.put("content", text.toString());
        }
        if (!calls.isEmpty()) {
            message.set("tool_calls", calls);
        }
    }

    private static void writeTools(ChatRequest request, ObjectNode body) {
        if (!request.tools().isEmpty()) {
            ArrayNode tools = body.putArray("tools");
            for (ToolSpec spec : request.tools()) {
                ObjectNode function = tools.addObject().put("type", "function").putObject("function");
                function.put("name", spec.name());
                if (spec.description() != null) {
                    function.put("description", spec.description());
                }
                function.set("parameters", spec.schema() == null ? emptySchema() : spec.schema());
            }
            if (request.parallelToolCalls() != null) {
                body.put("parallel_tool_calls", request.parallelToolCalls());
            }
        }
        ToolChoice choice = request.toolChoice();
        if (choice != null) {
            switch (choice.mode()) {
                case AUTO -> body.put("tool_choice", "auto");
                case NONE -> body.put("tool_choice", "none");
                case REQUIRED -> body.put("tool_choice", "required");
                case NAMED -> body.putObject("tool_choice").put("type", "function").putObject("function").put("name", choice.name());
            }
        }
    }

    static ObjectNode emptySchema() {
        ObjectNode schema = Json.object().put("type", "object");
        schema.putObject("properties");
        return schema;
    }

    private void writeSettings(ChatRequest request, ObjectNode body, OpenAiDialect dialect) {
        OutputFormat format = request.format();
        if (format != null) {
            ObjectNode written = body.putObject("response_format");
            if (format.kind() == OutputFormat.Kind.JSON_OBJECT || format.schema() == null) {
                written.put("type", "json_object");
            } else {
                written.put("type", "json_schema").putObject("json_schema")
                        .put("name", format.name() == null ? "response" : format.name())
                        .set("schema", format.schema());
            }
        }
        if (request.maxTokens() != null) {
            body.put(dialect.outputLimitField(), request.maxTokens());
        }
        putIfSet(body, "temperature", request.temperature());
        putIfSet(body, "top_p", request.topP());
        putIfSet(body, "presence_penalty", request.presencePenalty());
        putIfSet(body, "frequency_penalty", request.frequencyPenalty());
        if (request.seed() != null) {
            body.put("seed", request.seed());
        }
        if (!request.stop().isEmpty()) {
            ArrayNode stop = body.putArray("stop");
            request.stop().forEach(stop::add);
        }
        if (request.user() != null) {
            body.put("user", request.user());
        }
        if (request.topK() != null) {
            dropped.add("top_k");
        }
        if (request.reasoningBudget() != null) {
            // Whether the fallback model reasons at all is unknown; asking a non-reasoning model is a 400.
            dropped.add("reasoning");
        }
        if (request.stream()) {
            body.put("stream", true);
            body.putObject("stream_options").put("include_usage", true);
        }
    }

    private static void putIfSet(ObjectNode body, String field, Double value) {
        if (value != null) {
            body.put(field, value);
        }
    }
}
