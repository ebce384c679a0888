package io.llmfailover.agent.jdkhttp;

import java.io.ByteArrayInputStream;
import java.nio.ByteBuffer;

/**
 * An answer's body the client already read whole, as a stream for the runtime. What is left unread
 * can be handed to the app's {@code BodySubscriber} as one buffer over the same bytes, rather than
 * copied out chunk by chunk.
 */
final class WholeBodyStream extends ByteArrayInputStream {

    WholeBodyStream(byte[] body) {
        super(body);
    }

    /** The bytes not read yet, as one buffer (its position 0), after which the stream is at its end. */
    synchronized ByteBuffer takeRest() {
        ByteBuffer rest = pos == 0 && count == buf.length
                ? ByteBuffer.wrap(buf)
                : ByteBuffer.wrap(buf, pos, count - pos).slice();
        pos = count;
        return rest;
    }
}
