package io.llmfailover.runtime.protocol.translate.anthropic;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.translate.Json;
import io.llmfailover.runtime.protocol.translate.StreamDecoder;
import io.llmfailover.runtime.protocol.translate.model.ErrorKind;
import io.llmfailover.runtime.protocol.translate.model.StopReason;
import io.llmfailover.runtime.protocol.translate.model.StreamEvent;
import io.llmfailover.runtime.protocol.translate.model.Usage;
import io.llmfailover.runtime.protocol.translate.sse.SseEvent;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads Messages stream events. Content blocks are numbered by Anthropic across text and tools;
 * tool calls get their own ordinal. Thinking blocks and pings are dropped; a tool call that streamed
 * no arguments gets {@code "{}"} so the caller can parse it.
 */
final class AnthropicEventDecoder implements StreamDecoder {

    private enum BlockKind { TEXT, TOOL, JSON_ANSWER, IGNORED }

    private static final class Block {
        final BlockKind kind;
        final int ordinal;
        boolean sawArguments;

        Block(BlockKind kind, int ordinal) {
            this.kind = kind;
            this.ordinal = ordinal;
        }
    }

    private final boolean jsonTool;
    private final Map<Integer, Block> blocks = new HashMap<>();
    private int nextOrdinal;
    private boolean unwrappedJson;
    private boolean finished;
    private boolean ended;
    private Usage usage = Usage.ZERO;

    AnthropicEventDecoder(boolean jsonTool) {
        this.jsonTool = jsonTool;
    }

    @Override
    public void decode(SseEvent event, List<StreamEvent> out) {
        if (ended || event.data().isBlank()) {
            return;
        }
        ObjectNode data = Json.parseObject(event.data());
        String type = Json.text(data, "type") != null ? Json.text(data, "type") : event.event();
        switch (type == null ? "" : type) {
            case "message_start" -> start(data.path("message"), out);
            case "content_block_start" -> openBlock(data.path("index").asInt(), data.path("content_block"), out);
            case "content_block_delta" -> delta(blocks.get(data.path("index").asInt()), data.path("delta"), out);
            case "content_block_stop" -> closeBlock(data.path("index").asInt(), out);
            case "message_delta" -> messageDelta(data, out);
            case "message_stop" -> {
                ended = true;
                out.add(new StreamEvent.Ended());
            }
            case "error" -> {
                ended = true;
                JsonNode error = data.path("error");
                String message = Json.text(error, "message");
                out.add(new StreamEvent.Failed(ErrorKind.fromName(Json.text(error, "type")),
                        message == null ? "the fallback provider reported an error" : message));
            }
            default -> { /* ping and event types added later carry nothing to translate */ }
        }
    }

    private void start(JsonNode message, List<StreamEvent> out) {
        JsonNode reported = Json.field(message, "usage");
        usage = reported == null ? Usage.ZERO : AnthropicUsage.read(reported);
        out.add(new StreamEvent.Started(Json.text(message, "id"), Json.text(message, "model"), usage));
    }

    private void openBlock(int index, JsonNode block, List<StreamEvent> out) {
        String type = Json.text(block, "type");
        if ("text".equals(type)) {
            blocks.put(index, new Block(BlockKind.TEXT, -1));
            String text = Json.text(block, "text");
            if (text != null && !text.isEmpty()) {
                out.add(new StreamEvent.TextDelta(text));
            }
        } else if ("tool_use".equals(type)) {
            String name = Json.text(block, "name");
            if (jsonTool && AnthropicRequestWriter.JSON_TOOL.equals(name)) {
                unwrappedJson = true;
                blocks.put(index, new Block(BlockKind.JSON_ANSWER, -1));
                return;
            }
            Block tool = new Block(BlockKind.TOOL, nextOrdinal++);
            blocks.put(index, tool);
            out.add(new StreamEvent.ToolCallStarted(tool.ordinal, Json.text(block, "id"), name == null ? "" : name));
        } else {
            blocks.put(index, new Block(BlockKind.IGNORED, -1));
        }
    }

    private static void delta(Block block, JsonNode delta, List<StreamEvent> out) {
        if (block == null) {
            return;
        }
        switch (block.kind) {
            case TEXT -> {
                String text = Json.text(delta, "text");
                if (text != null && !text.isEmpty()) {
                    out.add(new StreamEvent.TextDelta(text));
                }
            }
            case TOOL -> {
                String json = Json.text(delta, "partial_json");
                if (json != null && !json.isEmpty()) {
                    block.sawArguments = true;
                    out.add(new StreamEvent.ToolArgumentsDelta(block.ordinal, json));
                }
            }
            case JSON_ANSWER -> {
                String json = Json.text(delta, "partial_json");
                if (json != null && !json.isEmpty()) {
                    out.add(new StreamEvent.TextDelta(json));
                }
            }
            case IGNORED -> { }
        }
    }

    private void closeBlock(int index, List<StreamEvent> out) {
        Block block = blocks.remove(index);
        if (block != null && block.kind == BlockKind.TOOL && !block.sawArguments) {
            out.add(new StreamEvent.ToolArgumentsDelta(block.ordinal, "{}"));
        }
    }

    private void messageDelta(ObjectNode data, List<StreamEvent> out) {
        JsonNode delta = data.path("delta");
        String stopReason = Json.text(delta, "stop_reason");
        if (stopReason != null) {
            StopReason reason = AnthropicStopReasons.read(stopReason);
            if (unwrappedJson && reason == StopReason.TOOL_USE) {
                reason = StopReason.END_TURN;
            }
            finished = true;
            out.add(new StreamEvent.Finished(reason, Json.text(delta, "stop_sequence")));
        }
        JsonNode reported = Json.field(data, "usage");
        if (reported != null) {
            usage = merge(usage, reported);
            out.add(new StreamEvent.UsageReported(usage));
        }
    }

    /** message_delta carries the final output count, and on recent API versions the input counts again. */
    private static Usage merge(Usage started, JsonNode reported) {
        Usage delta = AnthropicUsage.read(reported);
        boolean hasInput = reported.has("input_tokens") || reported.has("cache_read_input_tokens");
        return new Usage(hasInput ? delta.input() : started.input(), hasInput ? delta.cacheRead() : started.cacheRead(),
                hasInput ? delta.cacheWrite() : started.cacheWrite(), delta.output(), 0);
    }

    @Override
    public void end(List<StreamEvent> out) {
        if (ended) {
            return;
        }
        if (finished) {
            out.add(new StreamEvent.Ended());
        } else {
            out.add(new StreamEvent.Failed(ErrorKind.SERVER, "the fallback provider's stream ended before message_stop"));
        }
    }
}
