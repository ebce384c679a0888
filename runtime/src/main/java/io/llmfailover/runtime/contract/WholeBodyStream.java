package io.llmfailover.runtime.contract;

import java.io.ByteArrayInputStream;
import java.nio.ByteBuffer;

/** A body in memory, whole: one a client read to its end, or one the runtime made. */
public final class WholeBodyStream extends ByteArrayInputStream implements InMemoryBody {

    public WholeBodyStream(byte[] body) {
        super(body);
    }

    /** The rest's buffer starts at position 0. */
    @Override
    public synchronized ByteBuffer takeRest() {
        ByteBuffer rest = pos == 0 && count == buf.length
                ? ByteBuffer.wrap(buf)
                : ByteBuffer.wrap(buf, pos, count - pos).slice();
        pos = count;
        return rest;
    }
}
