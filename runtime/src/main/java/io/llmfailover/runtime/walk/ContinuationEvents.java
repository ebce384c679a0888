package io.llmfailover.runtime.walk;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.contract.ChunkedStream;
import io.llmfailover.runtime.protocol.Operation;
import io.llmfailover.runtime.protocol.translate.Json;
import io.llmfailover.runtime.protocol.translate.sse.SseEvent;
import io.llmfailover.runtime.protocol.translate.sse.SseFrames;
import io.llmfailover.runtime.protocol.translate.sse.SseReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * A fallback's continuation of a broken stream, as the rest of that stream: the events that open a
 * message (Anthropic's {@code message_start}, {@code content_block_start}) are the app's already
 * and are left out, and the continuation's text deltas name the block the app was reading. Read
 * event by event, as the fallback sends them.
 */
final class ContinuationEvents extends ChunkedStream {

    private final InputStream continuation;
    private final SseReader events;
    private final Operation operation;
    private final int textBlockIndex;

    ContinuationEvents(InputStream continuation, Operation operation, int textBlockIndex) {
        this.continuation = continuation;
        this.events = new SseReader(continuation);
        this.operation = operation;
        this.textBlockIndex = textBlockIndex;
    }

    /** The continuation's next event as the rest of the stream: null at its end. */
    @Override
    protected byte[] nextChunk() throws IOException {
        SseEvent event;
        while ((event = events.next()) != null) {
            ObjectNode json = Json.parseObjectOrNull(event.data());
            if (json != null && StreamContinuation.opensMessage(operation, json)) {
                continue;
            }
            ByteArrayOutputStream frame = new ByteArrayOutputStream();
            if (json != null && operation == Operation.MESSAGES && json.has("index")) {
                json.put("index", textBlockIndex);
                SseFrames.event(frame, event.event() != null ? event.event() : json.path("type").asText(), Json.write(json));
            } else if (event.event() != null) {
                SseFrames.event(frame, event.event(), event.data());
            } else {
                SseFrames.data(frame, event.data());
            }
            return frame.toByteArray();
        }
        return null;
    }

    @Override
    public void close() throws IOException {
        continuation.close();
    }
}
