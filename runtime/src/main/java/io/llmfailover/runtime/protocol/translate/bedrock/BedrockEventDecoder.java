package io.llmfailover.runtime.protocol.translate.bedrock;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.translate.Json;
import io.llmfailover.runtime.protocol.translate.StreamDecoder;
import io.llmfailover.runtime.protocol.translate.model.ErrorKind;
import io.llmfailover.runtime.protocol.translate.model.StreamEvent;
import io.llmfailover.runtime.protocol.translate.model.Usage;
import io.llmfailover.runtime.protocol.translate.sse.SseEvent;
import java.io.InputStream;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a Converse stream: text deltas need no block start, a tool use opens with
 * {@code contentBlockStart}; {@code messageStop} carries the stop reason and {@code metadata},
 * which follows it, the usage, after which the stream is complete. Reasoning deltas are dropped; a
 * tool call that streamed no input gets {@code "{}"}; an exception ends the stream with its error.
 */
final class BedrockEventDecoder implements StreamDecoder {

    private final String model;
    /** Tool calls by content block index, as ordinals. */
    private final Map<Integer, Integer> tools = new HashMap<>();
    private final Map<Integer, Boolean> sawInput = new HashMap<>();
    private int nextOrdinal;
    private boolean started;
    private boolean finished;
    private boolean ended;

    BedrockEventDecoder(String model) {
        this.model = model;
    }

    @Override
    public Events events(InputStream body) {
        return BedrockEvents.of(body);
    }

    @Override
    public void decode(SseEvent event, List<StreamEvent> out) {
        if (ended) {
            return;
        }
        ObjectNode data = Json.parseObject(event.data());
        switch (event.event()) {
            case "messageStart" -> start(out);
            case "contentBlockStart" -> openBlock(data.path("contentBlockIndex").asInt(), data.path("start"), out);
            case "contentBlockDelta" -> delta(data.path("contentBlockIndex").asInt(), data.path("delta"), out);
            case "contentBlockStop" -> closeBlock(data.path("contentBlockIndex").asInt(), out);
            case "messageStop" -> {
                finished = true;
                out.add(new StreamEvent.Finished(BedrockStopReasons.read(Json.text(data, "stopReason")), null));
            }
            case "metadata" -> metadata(data, out);
            case BedrockEvents.EXCEPTION -> {
                ended = true;
                ErrorKind kind = BedrockExceptions.kindOf(Json.text(data, "__type"));
                out.add(new StreamEvent.Failed(kind == null ? ErrorKind.SERVER : kind, Json.text(data, "message")));
            }
            default -> { /* event types added later carry nothing to translate */ }
        }
    }

    private void start(List<StreamEvent> out) {
        if (!started) {
            started = true;
            out.add(new StreamEvent.Started(null, model, Usage.ZERO));
        }
    }

    private void openBlock(int index, JsonNode start, List<StreamEvent> out) {
        JsonNode use = Json.field(start, "toolUse");
        if (use == null) {
            return;
        }
        start(out);
        int ordinal = nextOrdinal++;
        tools.put(index, ordinal);
        String name = Json.text(use, "name");
        out.add(new StreamEvent.ToolCallStarted(ordinal, Json.text(use, "toolUseId"), name == null ? "" : name));
    }

    private void delta(int index, JsonNode delta, List<StreamEvent> out) {
        String text = Json.text(delta, "text");
        if (text != null && !text.isEmpty()) {
            start(out);
            out.add(new StreamEvent.TextDelta(text));
            return;
        }
        Integer ordinal = tools.get(index);
        String input = Json.text(delta.path("toolUse"), "input");
        if (ordinal != null && input != null && !input.isEmpty()) {
            sawInput.put(index, true);
            out.add(new StreamEvent.ToolArgumentsDelta(ordinal, input));
        }
    }

    private void closeBlock(int index, List<StreamEvent> out) {
        Integer ordinal = tools.remove(index);
        if (ordinal != null && sawInput.remove(index) == null) {
            out.add(new StreamEvent.ToolArgumentsDelta(ordinal, "{}"));
        }
    }

    private void metadata(ObjectNode data, List<StreamEvent> out) {
        JsonNode usage = Json.field(data, "usage");
        if (usage != null) {
            out.add(new StreamEvent.UsageReported(BedrockUsage.read(usage)));
        }
        if (finished) {
            ended = true;
            out.add(new StreamEvent.Ended());
        }
    }

    @Override
    public void end(List<StreamEvent> out) {
        if (ended) {
            return;
        }
        if (finished) {
            out.add(new StreamEvent.Ended());
        } else {
            out.add(new StreamEvent.Failed(ErrorKind.SERVER, "the fallback provider's stream ended before messageStop"));
        }
    }
}
