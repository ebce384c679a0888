package io.llmfailover.runtime.protocol.translate.openai;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.translate.ClosingStreamEncoder;
import io.llmfailover.runtime.protocol.translate.Ids;
import io.llmfailover.runtime.protocol.translate.Json;
import io.llmfailover.runtime.protocol.translate.ResponseContext;
import io.llmfailover.runtime.protocol.translate.model.StopReason;
import io.llmfailover.runtime.protocol.translate.model.StreamEvent;
import io.llmfailover.runtime.protocol.translate.model.Usage;
import io.llmfailover.runtime.protocol.translate.sse.SseFrames;
import io.llmfailover.runtime.provider.Protocol;
import java.io.ByteArrayOutputStream;

/**
 * Writes Chat Completions chunks: the role chunk first, content and tool-call deltas, one finish
 * chunk, the usage chunk ({@code choices: []}) when the app asked for it, then {@code [DONE]}.
 */
final class OpenAiChunkEncoder extends ClosingStreamEncoder {

    private final ResponseContext context;
    private String id;
    private String model;
    private boolean started;
    private boolean finishWritten;
    private Usage usage = Usage.ZERO;

    OpenAiChunkEncoder(ResponseContext context) {
        super(Protocol.OPENAI);
        this.context = context;
    }

    @Override
    protected void encodeOpen(StreamEvent event, ByteArrayOutputStream out) {
        if (event instanceof StreamEvent.Started s) {
            start(s.id(), s.model(), out);
        } else if (event instanceof StreamEvent.TextDelta t) {
            start(null, null, out);
            ObjectNode chunk = chunk();
            delta(chunk).put("content", t.text());
            write(chunk, out);
        } else if (event instanceof StreamEvent.ToolCallStarted call) {
            start(null, null, out);
            ObjectNode chunk = chunk();
            ObjectNode written = delta(chunk).putArray("tool_calls").addObject()
                    .put("index", call.ordinal()).put("id", call.id()).put("type", "function");
            written.putObject("function").put("name", call.name()).put("arguments", "");
            write(chunk, out);
        } else if (event instanceof StreamEvent.ToolArgumentsDelta arguments) {
            start(null, null, out);
            ObjectNode chunk = chunk();
            delta(chunk).putArray("tool_calls").addObject().put("index", arguments.ordinal())
                    .putObject("function").put("arguments", arguments.fragment());
            write(chunk, out);
        } else if (event instanceof StreamEvent.Finished f) {
            finish(f.reason(), out);
        } else if (event instanceof StreamEvent.UsageReported u) {
            usage = u.usage();
        } else if (event instanceof StreamEvent.Ended) {
            end(out);
        } else if (event instanceof StreamEvent.Failed f) {
            out.writeBytes(errorFrame(f.kind(), f.message()));
        }
    }

    private void start(String targetId, String targetModel, ByteArrayOutputStream out) {
        if (started) {
            return;
        }
        started = true;
        id = Ids.message("chatcmpl-", targetId);
        model = targetModel;
        ObjectNode chunk = chunk();
        delta(chunk).put("role", "assistant").put("content", "");
        write(chunk, out);
    }

    private void finish(StopReason reason, ByteArrayOutputStream out) {
        start(null, null, out);
        if (finishWritten) {
            return;
        }
        finishWritten = true;
        ObjectNode chunk = chunk();
        delta(chunk);
        ((ObjectNode) chunk.get("choices").get(0)).put("finish_reason", OpenAiFinishReasons.write(reason));
        write(chunk, out);
    }

    private void end(ByteArrayOutputStream out) {
        finish(StopReason.END_TURN, out);
        if (context.streamUsage()) {
            ObjectNode chunk = header();
            chunk.putArray("choices");
            chunk.set("usage", OpenAiUsage.write(usage));
            write(chunk, out);
        }
        SseFrames.data(out, "[DONE]");
        close();
    }

    private ObjectNode header() {
        return Json.object().put("id", id).put("object", "chat.completion.chunk")
                .put("created", context.createdSeconds()).put("model", model);
    }

    private ObjectNode chunk() {
        ObjectNode chunk = header();
        ObjectNode choice = chunk.putArray("choices").addObject().put("index", 0);
        choice.putObject("delta");
        choice.putNull("logprobs");
        choice.putNull("finish_reason");
        if (context.streamUsage()) {
            chunk.putNull("usage");
        }
        return chunk;
    }

    private static ObjectNode delta(ObjectNode chunk) {
        return (ObjectNode) chunk.get("choices").get(0).get("delta");
    }

    private static void write(ObjectNode chunk, ByteArrayOutputStream out) {
        SseFrames.data(out, Json.write(chunk));
    }

}
