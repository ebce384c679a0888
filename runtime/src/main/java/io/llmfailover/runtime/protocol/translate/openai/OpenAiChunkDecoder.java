package io.llmfailover.runtime.protocol.translate.openai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.translate.Ids;
import io.llmfailover.runtime.protocol.translate.Json;
import io.llmfailover.runtime.protocol.translate.StreamDecoder;
import io.llmfailover.runtime.protocol.translate.model.ErrorKind;
import io.llmfailover.runtime.protocol.translate.model.StreamEvent;
import io.llmfailover.runtime.protocol.translate.sse.SseEvent;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads Chat Completions chunks. Tool calls are numbered by their own ordinal: a vendor that reuses
 * {@code index} for a call with a new id still gets a new ordinal. {@code reasoning_content} is dropped.
 */
final class OpenAiChunkDecoder implements StreamDecoder {

    private static final class OpenCall {
        final int ordinal;
        final String id;

        OpenCall(int ordinal, String id) {
            this.ordinal = ordinal;
            this.id = id;
        }
    }

    private final Map<Integer, OpenCall> callsByIndex = new HashMap<>();
    private int nextOrdinal;
    private boolean started;
    private boolean finished;
    private String id;

    @Override
    public void decode(SseEvent event, List<StreamEvent> out) {
        String data = event.data().trim();
        if (data.equals("[DONE]")) {
            out.add(new StreamEvent.Ended());
            return;
        }
        if (data.isEmpty()) {
            return;
        }
        ObjectNode chunk = Json.parseObject(data);
        JsonNode error = Json.field(chunk, "error");
        if (error != null) {
            String kind = Json.text(error, "type") != null ? Json.text(error, "type") : Json.text(error, "code");
            String message = Json.text(error, "message");
            out.add(new StreamEvent.Failed(ErrorKind.fromName(kind), message == null ? "the fallback provider reported an error" : message));
            return;
        }
        if (!started) {
            started = true;
            id = Json.text(chunk, "id");
            out.add(new StreamEvent.Started(id, Json.text(chunk, "model"), null));
        }
        JsonNode choice = chunk.path("choices").path(0);
        if (choice.isObject()) {
            decodeDelta(choice.path("delta"), out);
            String finishReason = Json.text(choice, "finish_reason");
            if (finishReason != null) {
                finished = true;
                out.add(new StreamEvent.Finished(OpenAiFinishReasons.read(finishReason), null));
            }
        }
        JsonNode usage = Json.field(chunk, "usage");
        if (usage != null && usage.isObject()) {
            out.add(new StreamEvent.UsageReported(OpenAiUsage.read(usage)));
        }
    }

    private void decodeDelta(JsonNode delta, List<StreamEvent> out) {
        String content = Json.text(delta, "content");
        if (content != null && !content.isEmpty()) {
            out.add(new StreamEvent.TextDelta(content));
        }
        for (JsonNode call : Json.elements(delta, "tool_calls")) {
            int index = call.path("index").asInt(0);
            String callId = Json.text(call, "id");
            String name = Json.text(call.path("function"), "name");
            OpenCall open = callsByIndex.get(index);
            boolean newCall = open == null ? (callId != null || name != null) : (callId != null && !callId.equals(open.id));
            if (newCall) {
                String assigned = callId == null ? Ids.toolCall(id, nextOrdinal) : callId;
                open = new OpenCall(nextOrdinal++, assigned);
                callsByIndex.put(index, open);
                out.add(new StreamEvent.ToolCallStarted(open.ordinal, assigned, name == null ? "" : name));
            }
            String arguments = Json.text(call.path("function"), "arguments");
            if (open != null && arguments != null && !arguments.isEmpty()) {
                out.add(new StreamEvent.ToolArgumentsDelta(open.ordinal, arguments));
            }
        }
    }

    @Override
    public void end(List<StreamEvent> out) {
        if (finished) {
            out.add(new StreamEvent.Ended());
        } else {
            out.add(new StreamEvent.Failed(ErrorKind.SERVER, "the fallback provider's stream ended before its last chunk"));
        }
    }
}
