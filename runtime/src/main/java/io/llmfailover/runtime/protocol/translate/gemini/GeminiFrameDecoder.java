package io.llmfailover.runtime.protocol.translate.gemini;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.translate.Json;
import io.llmfailover.runtime.protocol.translate.StreamDecoder;
import io.llmfailover.runtime.protocol.translate.model.ErrorKind;
import io.llmfailover.runtime.protocol.translate.model.Part;
import io.llmfailover.runtime.protocol.translate.model.StopReason;
import io.llmfailover.runtime.protocol.translate.model.StreamEvent;
import io.llmfailover.runtime.protocol.translate.sse.SseEvent;
import java.util.List;

/**
 * Reads {@code streamGenerateContent?alt=sse} frames: each carries only new parts, function calls
 * arrive whole, and the finish reason and final usage come on the last frame. The end of the body
 * is the end of the stream; a body that ends before a finish reason was cut short.
 */
final class GeminiFrameDecoder implements StreamDecoder {

    private boolean started;
    private boolean finished;
    private int nextOrdinal;
    private String id;

    @Override
    public void decode(SseEvent event, List<StreamEvent> out) {
        if (event.data().isBlank()) {
            return;
        }
        ObjectNode frame = Json.parseObject(event.data());
        JsonNode error = Json.field(frame, "error");
        if (error != null) {
            String status = Json.text(error, "status");
            String message = Json.text(error, "message");
            finished = true;
            out.add(new StreamEvent.Failed(status != null ? ErrorKind.fromName(status) : ErrorKind.fromStatus(error.path("code").asInt(500)),
                    message == null ? "the fallback provider reported an error" : message));
            return;
        }
        if (!started) {
            started = true;
            id = Json.text(frame, "responseId");
            out.add(new StreamEvent.Started(id, Json.text(frame, "modelVersion"), null));
        }
        JsonNode candidate = frame.path("candidates").path(0);
        for (JsonNode part : Json.elements(candidate.path("content"), "parts")) {
            Part decoded = GeminiResponseReader.part(part, id, nextOrdinal);
            if (decoded instanceof Part.Text text) {
                out.add(new StreamEvent.TextDelta(text.text()));
            } else if (decoded instanceof Part.ToolCall call) {
                int ordinal = nextOrdinal++;
                out.add(new StreamEvent.ToolCallStarted(ordinal, call.id(), call.name()));
                out.add(new StreamEvent.ToolArgumentsDelta(ordinal, Json.write(call.arguments())));
            }
        }
        String finishReason = Json.text(candidate, "finishReason");
        boolean blocked = !candidate.isObject() && Json.field(frame.path("promptFeedback"), "blockReason") != null;
        if ((finishReason != null || blocked) && !finished) {
            finished = true;
            StopReason reason = blocked ? StopReason.CONTENT_FILTER : GeminiFinishReasons.read(finishReason, nextOrdinal > 0);
            out.add(new StreamEvent.Finished(reason, null));
        }
        JsonNode usage = Json.field(frame, "usageMetadata");
        if (usage != null) {
            out.add(new StreamEvent.UsageReported(GeminiUsage.read(usage)));
        }
    }

    @Override
    public void end(List<StreamEvent> out) {
        if (finished) {
            out.add(new StreamEvent.Ended());
        } else {
            out.add(new StreamEvent.Failed(ErrorKind.SERVER, "the fallback provider's stream ended before its finish reason"));
        }
    }
}
