package io.llmfailover.runtime.protocol.translate.bedrock;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.translate.ClosingStreamEncoder;
import io.llmfailover.runtime.protocol.translate.Ids;
import io.llmfailover.runtime.protocol.translate.Json;
import io.llmfailover.runtime.protocol.translate.eventstream.EventStreamEncoder;
import io.llmfailover.runtime.protocol.translate.eventstream.EventStreamMessage;
import io.llmfailover.runtime.protocol.translate.model.StopReason;
import io.llmfailover.runtime.protocol.translate.model.StreamEvent;
import io.llmfailover.runtime.protocol.translate.model.Usage;
import io.llmfailover.runtime.provider.Protocol;
import java.io.ByteArrayOutputStream;
import java.util.HashMap;
import java.util.Map;

/**
 * Writes a Converse stream as event-stream messages: messageStart, content blocks one at a time
 * (a text block needs no start, a tool use opens with contentBlockStart), then messageStop with
 * the stop reason and metadata with the usage (held until the target's usage arrived).
 */
final class BedrockEventEncoder extends ClosingStreamEncoder {

    private boolean started;
    private int openBlock = -1;
    private boolean openBlockIsText;
    private int nextBlock;
    private final Map<Integer, Integer> blockByOrdinal = new HashMap<>();
    private StopReason stopReason;
    private Usage usage = Usage.ZERO;

    BedrockEventEncoder() {
        super(Protocol.BEDROCK);
    }

    @Override
    protected void encodeOpen(StreamEvent event, ByteArrayOutputStream out) {
        if (event instanceof StreamEvent.Started) {
            start(out);
        } else if (event instanceof StreamEvent.TextDelta text) {
            start(out);
            if (openBlock < 0 || !openBlockIsText) {
                closeBlock(out);
                openBlock = nextBlock++;
                openBlockIsText = true;
            }
            ObjectNode data = Json.object().put("contentBlockIndex", openBlock);
            data.putObject("delta").put("text", text.text());
            emit("contentBlockDelta", data, out);
        } else if (event instanceof StreamEvent.ToolCallStarted call) {
            start(out);
            closeBlock(out);
            openBlock = nextBlock++;
            openBlockIsText = false;
            blockByOrdinal.put(call.ordinal(), openBlock);
            ObjectNode data = Json.object().put("contentBlockIndex", openBlock);
            data.putObject("start").putObject("toolUse").put("toolUseId", Ids.safe(call.id())).put("name", call.name());
            emit("contentBlockStart", data, out);
        } else if (event instanceof StreamEvent.ToolArgumentsDelta arguments) {
            Integer index = blockByOrdinal.get(arguments.ordinal());
            if (index != null) {
                ObjectNode data = Json.object().put("contentBlockIndex", index);
                data.putObject("delta").putObject("toolUse").put("input", arguments.fragment());
                emit("contentBlockDelta", data, out);
            }
        } else if (event instanceof StreamEvent.Finished finished) {
            stopReason = finished.reason();
        } else if (event instanceof StreamEvent.UsageReported reported) {
            usage = reported.usage();
        } else if (event instanceof StreamEvent.Ended) {
            end(out);
        } else if (event instanceof StreamEvent.Failed failed) {
            out.writeBytes(errorFrame(failed.kind(), failed.message()));
        }
    }

    private void start(ByteArrayOutputStream out) {
        if (!started) {
            started = true;
            emit("messageStart", Json.object().put("role", "assistant"), out);
        }
    }

    private void closeBlock(ByteArrayOutputStream out) {
        if (openBlock >= 0) {
            emit("contentBlockStop", Json.object().put("contentBlockIndex", openBlock), out);
            openBlock = -1;
        }
    }

    private void end(ByteArrayOutputStream out) {
        start(out);
        closeBlock(out);
        emit("messageStop", Json.object().put("stopReason",
                BedrockStopReasons.write(stopReason == null ? StopReason.END_TURN : stopReason)), out);
        ObjectNode metadata = Json.object();
        metadata.set("usage", BedrockUsage.write(usage));
        metadata.putObject("metrics").put("latencyMs", 0);
        emit("metadata", metadata, out);
        close();
    }

    private static void emit(String eventType, ObjectNode data, ByteArrayOutputStream out) {
        EventStreamEncoder.write(EventStreamMessage.event(eventType, Json.bytes(data)), out);
    }
}
