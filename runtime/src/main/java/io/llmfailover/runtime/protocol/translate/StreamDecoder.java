package io.llmfailover.runtime.protocol.translate;

import io.llmfailover.runtime.protocol.translate.model.StreamEvent;
import io.llmfailover.runtime.protocol.translate.sse.SseEvent;
import io.llmfailover.runtime.protocol.translate.sse.SseReader;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/**
 * Turns a target's stream events into neutral stream events. Stateful, one per stream. May throw
 * {@link io.llmfailover.runtime.protocol.translate.MalformedBodyException} on an event it cannot
 * read; the stream then ends with an error frame.
 */
public interface StreamDecoder {

    /** A target's stream read event by event: an event's name and its data. */
    @FunctionalInterface
    interface Events {
        /** The next event, or null at the end of the stream. */
        SseEvent next() throws IOException;
    }

    /** The target's body as events: server-sent events, unless this protocol frames its stream otherwise. */
    default Events events(InputStream body) {
        return new SseReader(body)::next;
    }

    void decode(SseEvent event, List<StreamEvent> out);

    /**
     * The target's body ended: emit {@link StreamEvent.Ended} when the stream was complete, or
     * {@link StreamEvent.Failed} when it was cut short.
     */
    void end(List<StreamEvent> out);
}
