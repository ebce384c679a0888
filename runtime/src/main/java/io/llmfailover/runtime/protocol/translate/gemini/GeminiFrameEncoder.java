package io.llmfailover.runtime.protocol.translate.gemini;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.translate.ClosingStreamEncoder;
import io.llmfailover.runtime.protocol.translate.Json;
import io.llmfailover.runtime.protocol.translate.model.ErrorKind;
import io.llmfailover.runtime.protocol.translate.model.Part;
import io.llmfailover.runtime.protocol.translate.model.StopReason;
import io.llmfailover.runtime.protocol.translate.model.StreamEvent;
import io.llmfailover.runtime.protocol.translate.model.Usage;
import io.llmfailover.runtime.protocol.translate.sse.SseFrames;
import io.llmfailover.runtime.provider.Protocol;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes Gemini stream frames: a frame per text delta, function calls whole (their argument
 * fragments are held until the call is complete, the only buffering, bounded by one call), and the
 * finish reason with usage on the last frame. No {@code [DONE]}. Without {@code alt=sse} the frames
 * are elements of one JSON array, as Gemini streams them then.
 */
final class GeminiFrameEncoder extends ClosingStreamEncoder {

    private static final class PendingCall {
        final String id;
        final String name;
        final StringBuilder arguments = new StringBuilder();

        PendingCall(String id, String name) {
            this.id = id;
            this.name = name;
        }
    }

    private final boolean sse;
    private final Map<Integer, PendingCall> pending = new LinkedHashMap<>();
    private String id;
    private String model;
    private StopReason stopReason;
    private Usage usage = Usage.ZERO;
    private boolean wroteElement;

    GeminiFrameEncoder(boolean sse) {
        super(Protocol.GEMINI);
        this.sse = sse;
    }

    @Override
    protected void encodeOpen(StreamEvent event, ByteArrayOutputStream out) {
        if (event instanceof StreamEvent.Started s) {
            id = s.id();
            model = s.model();
        } else if (event instanceof StreamEvent.TextDelta t) {
            flushCalls(out);
            writeFrame(GeminiResponseWriter.frame(id, model, List.of(new Part.Text(t.text())), null, null), out);
        } else if (event instanceof StreamEvent.ToolCallStarted call) {
            pending.put(call.ordinal(), new PendingCall(call.id(), call.name()));
        } else if (event instanceof StreamEvent.ToolArgumentsDelta arguments) {
            PendingCall call = pending.get(arguments.ordinal());
            if (call != null) {
                call.arguments.append(arguments.fragment());
            }
        } else if (event instanceof StreamEvent.Finished f) {
            stopReason = f.reason();
        } else if (event instanceof StreamEvent.UsageReported u) {
            usage = u.usage();
        } else if (event instanceof StreamEvent.Ended) {
            List<Part> calls = takeCalls();
            StopReason reason = stopReason == null ? StopReason.END_TURN : stopReason;
            writeFrame(GeminiResponseWriter.frame(id, model, calls, reason, usage), out);
            if (!sse) {
                SseFrames.write(out, "]");
            }
            close();
        } else if (event instanceof StreamEvent.Failed f) {
            out.writeBytes(errorFrame(f.kind(), f.message()));
        }
    }

    private void flushCalls(ByteArrayOutputStream out) {
        if (!pending.isEmpty()) {
            writeFrame(GeminiResponseWriter.frame(id, model, takeCalls(), null, null), out);
        }
    }

    private List<Part> takeCalls() {
        List<Part> calls = new ArrayList<>();
        for (PendingCall call : pending.values()) {
            ObjectNode arguments = Json.parseObjectOrNull(call.arguments.toString());
            calls.add(new Part.ToolCall(call.id, call.name, arguments == null ? Json.object() : arguments));
        }
        pending.clear();
        return calls;
    }

    private void writeFrame(ObjectNode frame, ByteArrayOutputStream out) {
        if (sse) {
            SseFrames.data(out, Json.write(frame));
            return;
        }
        SseFrames.write(out, (wroteElement ? ",\r\n" : "[") + Json.write(frame));
        wroteElement = true;
    }

    @Override
    public byte[] errorFrame(ErrorKind kind, String message) {
        byte[] frame = super.errorFrame(kind, message);
        if (sse) {
            return frame;
        }
        String data = new String(frame, java.nio.charset.StandardCharsets.UTF_8).trim().substring("data: ".length());
        String element = (wroteElement ? ",\r\n" : "[") + data + "]";
        wroteElement = true;
        return element.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }
}
