package io.llmfailover.runtime.protocol.translate.bedrock;

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
public final class InvokeModelSse extends ReframedStream {

    private static final byte[] NOTHING = new byte[0];

    private final EventStreamReader reader;

    public InvokeModelSse(InputStream upstream) {
        super(upstream, Protocol.ANTHROPIC);
        this.reader = new EventStreamReader(upstream);
    }

    @Override
    protected byte[] nextEvent() throws IOException {
        EventStreamMessage message = reader.next();
        return message == null ? null : sse(message);
    }

    private byte[] sse(EventStreamMessage message) {
        String exception = BedrockEvents.exceptionName(message);
        if (exception != null) {
            finish();
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
}
