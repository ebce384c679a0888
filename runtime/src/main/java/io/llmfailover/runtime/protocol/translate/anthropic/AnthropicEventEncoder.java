package io.llmfailover.runtime.protocol.translate.anthropic;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.translate.ClosingStreamEncoder;
import io.llmfailover.runtime.protocol.translate.Ids;
import io.llmfailover.runtime.protocol.translate.Json;
import io.llmfailover.runtime.protocol.translate.model.StopReason;
import io.llmfailover.runtime.protocol.translate.model.StreamEvent;
import io.llmfailover.runtime.protocol.translate.model.Usage;
import io.llmfailover.runtime.protocol.translate.sse.SseFrames;
import io.llmfailover.runtime.provider.Protocol;
import java.io.ByteArrayOutputStream;
import java.util.HashMap;
import java.util.Map;

/**
 * Writes Messages stream events, each with its {@code event:} line: message_start, one content
 * block at a time (text opened lazily, one tool_use block per call), then message_delta carrying
 * the stop reason and final usage (held until the target's usage arrived), then message_stop.
 */
final class AnthropicEventEncoder extends ClosingStreamEncoder {

    private boolean started;
    private int openBlock = -1;
    private boolean openBlockIsText;
    private int nextBlock;
    private final Map<Integer, Integer> blockByOrdinal = new HashMap<>();
    private StopReason stopReason;
    private String stopSequence;
    private Usage usage = Usage.ZERO;

    AnthropicEventEncoder() {
        super(Protocol.ANTHROPIC);
    }

    @Override
    protected void encodeOpen(StreamEvent event, ByteArrayOutputStream out) {
        if (event instanceof StreamEvent.Started s) {
            start(s.id(), s.model(), s.usage(), out);
        } else if (event instanceof StreamEvent.TextDelta t) {
            start(null, null, null, out);
            if (openBlock < 0 || !openBlockIsText) {
                closeBlock(out);
                ObjectNode block = Json.object().put("type", "text").put("text", "");
                openBlock(block, true, out);
            }
            ObjectNode delta = Json.object().put("type", "text_delta").put("text", t.text());
            emitDelta(openBlock, delta, out);
        } else if (event instanceof StreamEvent.ToolCallStarted call) {
            start(null, null, null, out);
            closeBlock(out);
            ObjectNode block = Json.object().put("type", "tool_use").put("id", Ids.safe(call.id())).put("name", call.name());
            block.putObject("input");
            blockByOrdinal.put(call.ordinal(), nextBlock);
            openBlock(block, false, out);
        } else if (event instanceof StreamEvent.ToolArgumentsDelta arguments) {
            Integer index = blockByOrdinal.get(arguments.ordinal());
            if (index != null) {
                emitDelta(index, Json.object().put("type", "input_json_delta").put("partial_json", arguments.fragment()), out);
            }
        } else if (event instanceof StreamEvent.Finished f) {
            stopReason = f.reason();
            stopSequence = f.stopSequence();
        } else if (event instanceof StreamEvent.UsageReported u) {
            usage = u.usage();
        } else if (event instanceof StreamEvent.Ended) {
            end(out);
        } else if (event instanceof StreamEvent.Failed f) {
            out.writeBytes(errorFrame(f.kind(), f.message()));
        }
    }

    private void start(String id, String model, Usage reported, ByteArrayOutputStream out) {
        if (started) {
            return;
        }
        started = true;
        if (reported != null) {
            usage = reported;
        }
        ObjectNode message = Json.object().put("id", Ids.message("msg_", id)).put("type", "message")
                .put("role", "assistant").put("model", model);
        message.putArray("content");
        message.putNull("stop_reason");
        message.putNull("stop_sequence");
        message.set("usage", AnthropicUsage.write(new Usage(usage.input(), usage.cacheRead(), usage.cacheWrite(), 0, 0)));
        ObjectNode data = Json.object().put("type", "message_start");
        data.set("message", message);
        emit("message_start", data, out);
    }

    private void openBlock(ObjectNode block, boolean text, ByteArrayOutputStream out) {
        openBlock = nextBlock++;
        openBlockIsText = text;
        ObjectNode data = Json.object().put("type", "content_block_start").put("index", openBlock);
        data.set("content_block", block);
        emit("content_block_start", data, out);
    }

    private void emitDelta(int index, ObjectNode delta, ByteArrayOutputStream out) {
        ObjectNode data = Json.object().put("type", "content_block_delta").put("index", index);
        data.set("delta", delta);
        emit("content_block_delta", data, out);
    }

    private void closeBlock(ByteArrayOutputStream out) {
        if (openBlock < 0) {
            return;
        }
        emit("content_block_stop", Json.object().put("type", "content_block_stop").put("index", openBlock), out);
        openBlock = -1;
    }

    private void end(ByteArrayOutputStream out) {
        start(null, null, null, out);
        closeBlock(out);
        ObjectNode data = Json.object().put("type", "message_delta");
        ObjectNode delta = data.putObject("delta")
                .put("stop_reason", AnthropicStopReasons.write(stopReason == null ? StopReason.END_TURN : stopReason));
        if (stopSequence == null) {
            delta.putNull("stop_sequence");
        } else {
            delta.put("stop_sequence", stopSequence);
        }
        data.set("usage", AnthropicUsage.write(usage));
        emit("message_delta", data, out);
        emit("message_stop", Json.object().put("type", "message_stop"), out);
        close();
    }

    private static void emit(String name, ObjectNode data, ByteArrayOutputStream out) {
        SseFrames.event(out, name, Json.write(data));
    }

}
