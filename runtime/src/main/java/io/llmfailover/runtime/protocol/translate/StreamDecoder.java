package io.llmfailover.runtime.protocol.translate;

import io.llmfailover.runtime.protocol.translate.model.StreamEvent;
import io.llmfailover.runtime.protocol.translate.sse.SseEvent;
import java.util.List;

/**
 * Turns a target's server-sent events into neutral stream events. Stateful, one per stream. May
 * throw {@link io.llmfailover.runtime.protocol.translate.MalformedBodyException} on an event it
 * cannot read; the stream then ends with an error frame.
 */
public interface StreamDecoder {

    void decode(SseEvent event, List<StreamEvent> out);

    /**
     * The target's body ended: emit {@link StreamEvent.Ended} when the stream was complete, or
     * {@link StreamEvent.Failed} when it was cut short.
     */
    void end(List<StreamEvent> out);
}
