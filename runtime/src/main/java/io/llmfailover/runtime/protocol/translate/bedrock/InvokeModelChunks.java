package io.llmfailover.runtime.protocol.translate.bedrock;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmfailover.runtime.protocol.translate.Json;
import io.llmfailover.runtime.protocol.translate.StreamErrorFrames;
import io.llmfailover.runtime.protocol.translate.eventstream.EventStreamEncoder;
import io.llmfailover.runtime.protocol.translate.eventstream.EventStreamMessage;
import io.llmfailover.runtime.protocol.translate.model.ErrorKind;
import io.llmfailover.runtime.protocol.translate.sse.SseEvent;
import io.llmfailover.runtime.protocol.translate.sse.SseReader;
import io.llmfailover.runtime.provider.Protocol;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * Anthropic server-sent events framed as an InvokeModelWithResponseStream answer, what the
 * Anthropic SDK's Bedrock backend reads: each event's JSON base64-encoded in a {@code chunk}
 * event's {@code bytes}; {@code event: error} becomes the exception message of its family. One
 * event is read at a time.
 */
public final class InvokeModelChunks extends ReframedStream {

    /** The response header naming the media type of the chunks' bytes, which the Anthropic SDK's Bedrock backend requires. */
    public static final String CHUNK_TYPE_HEADER = "x-amzn-bedrock-content-type";

    private static final byte[] NOTHING = new byte[0];

    private final SseReader reader;

    public InvokeModelChunks(InputStream upstream) {
        super(upstream, Protocol.BEDROCK_ANTHROPIC);
        this.reader = new SseReader(upstream);
    }

    @Override
    protected byte[] nextEvent() throws IOException {
        SseEvent event = reader.next();
        return event == null ? null : chunk(event);
    }

    private byte[] chunk(SseEvent event) {
        if ("error".equals(event.event())) {
            finish();
            JsonNode error = Json.parseObject(event.data()).path("error");
            String message = Json.text(error, "message");
            return StreamErrorFrames.of(Protocol.BEDROCK_ANTHROPIC, ErrorKind.fromName(Json.text(error, "type")),
                    message == null ? "the fallback provider's stream reported an error" : message);
        }
        if (event.data().isEmpty()) {
            return NOTHING;
        }
        String bytes = Base64.getEncoder().encodeToString(event.data().getBytes(StandardCharsets.UTF_8));
        return EventStreamEncoder.encode(EventStreamMessage.event("chunk", Json.bytes(Json.object().put("bytes", bytes))));
    }
}
