package io.llmfailover.runtime.protocol.translate.bedrock;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmfailover.runtime.contract.ChunkedStream;
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
public final class InvokeModelChunks extends ChunkedStream {

    /** The response header naming the media type of the chunks' bytes, which the Anthropic SDK's Bedrock backend requires. */
    public static final String CHUNK_TYPE_HEADER = "x-amzn-bedrock-content-type";

    private static final byte[] NOTHING = new byte[0];

    private final InputStream upstream;
    private final SseReader reader;
    private boolean finished;

    public InvokeModelChunks(InputStream upstream) {
        this.upstream = upstream;
        this.reader = new SseReader(upstream);
    }

    @Override
    protected byte[] nextChunk() {
        if (finished) {
            return null;
        }
        try {
            SseEvent event = reader.next();
            if (event == null) {
                finished = true;
                return null;
            }
            return chunk(event);
        } catch (IOException | RuntimeException broken) {
            finished = true;
            return StreamErrorFrames.of(Protocol.BEDROCK_ANTHROPIC, "the fallback provider's stream broke off");
        }
    }

    private byte[] chunk(SseEvent event) {
        if ("error".equals(event.event())) {
            finished = true;
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

    @Override
    public void close() throws IOException {
        finished = true;
        discardChunk();
        upstream.close();
    }
}
