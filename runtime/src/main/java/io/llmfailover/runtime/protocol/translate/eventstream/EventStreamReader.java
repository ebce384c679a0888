package io.llmfailover.runtime.protocol.translate.eventstream;

import java.io.IOException;
import java.io.InputStream;

/** Reads event-stream messages from a byte stream as they arrive. */
public final class EventStreamReader {

    private final InputStream in;
    private final EventStreamDecoder decoder;
    private final byte[] chunk = new byte[8192];

    public EventStreamReader(InputStream in) {
        this(in, new EventStreamDecoder());
    }

    public EventStreamReader(InputStream in, EventStreamDecoder decoder) {
        this.in = in;
        this.decoder = decoder;
    }

    /** The next message, or null at the end of the stream; an end inside a message is a break. */
    public EventStreamMessage next() throws IOException {
        while (true) {
            EventStreamMessage message = decoder.next();
            if (message != null) {
                return message;
            }
            int n = in.read(chunk, 0, chunk.length);
            if (n < 0) {
                if (decoder.holdsPartialMessage()) {
                    throw new IOException("the event stream ended inside a message");
                }
                return null;
            }
            decoder.feed(chunk, 0, n);
        }
    }
}
