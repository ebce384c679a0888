package io.llmfailover.runtime.protocol.translate.bedrock;

import io.llmfailover.runtime.contract.ChunkedStream;
import io.llmfailover.runtime.protocol.translate.Json;
import io.llmfailover.runtime.protocol.translate.MalformedBodyException;
import io.llmfailover.runtime.protocol.translate.StreamErrorFrames;
import io.llmfailover.runtime.protocol.translate.eventstream.EventStreamMessage;
import io.llmfailover.runtime.protocol.translate.eventstream.EventStreamReader;
import io.llmfailover.runtime.protocol.translate.model.ErrorKind;
import io.llmfailover.runtime.protocol.translate.sse.SseFrames;
import io.llmfailover.runtime.provider.Protocol;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * An InvokeModelWithResponseStream answer read as the Anthropic server-sent events it carries: each
 * {@code chunk} event's {@code bytes} is one Anthropic event's JSON, base64-encoded; an exception
 * message becomes Anthropic's {@code event: error}, of the same family. One event is read at a
 * time, so memory holds one whatever the stream's length.
 */
public final class InvokeModelSse extends ChunkedStream {

    private static final byte[] NOTHING = new byte[0];

    private final InputStream upstream;
    private final EventStreamReader reader;
    private boolean finished;

    public InvokeModelSse(InputStream upstream) {
        this.upstream = upstream;
        this.reader = new EventStreamReader(upstream);
    }

    @Override
    protected byte[] nextChunk() {
        if (finished) {
            return null;
        }
        try {
            EventStreamMessage message = reader.next();
            if (message == null) {
                finished = true;
                return null;
            }
            return sse(message);
        } catch (IOException | RuntimeException broken) {
            finished = true;
            return StreamErrorFrames.of(Protocol.ANTHROPIC, "the provider's InvokeModel stream could not be read");
        }
    }

    private byte[] sse(EventStreamMessage message) {
        String exception = BedrockEvents.exceptionName(message);
        if (exception != null) {
            finished = true;
            ErrorKind kind = BedrockExceptions.kindOf(exception);
            return StreamErrorFrames.of(Protocol.ANTHROPIC, kind == null ? ErrorKind.SERVER : kind,
                    BedrockEvents.message(message));
        }
        if (!"chunk".equals(message.text(EventStreamMessage.EVENT_TYPE))) {
            return NOTHING;
        }
        String bytes = Json.text(Json.parseObject(message.payload()), "bytes");
        if (bytes == null) {
            throw new MalformedBodyException("a chunk without bytes");
        }
        String event = new String(Base64.getDecoder().decode(bytes), StandardCharsets.UTF_8);
        String type = Json.text(Json.parseObject(event), "type");
        ByteArrayOutputStream out = new ByteArrayOutputStream(event.length() + 32);
        SseFrames.event(out, type == null ? "message" : type, event);
        return out.toByteArray();
    }

    @Override
    public void close() throws IOException {
        finished = true;
        discardChunk();
        upstream.close();
    }
}
