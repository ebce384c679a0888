package io.llmfailover.runtime.contract;

import java.io.IOException;
import java.io.InputStream;

/**
 * A stream read from chunks made one at a time, the next only once the reader has taken all of the
 * last: what a subclass produces (translated events, a queue's arrivals) is served here, so memory
 * holds one chunk whatever the stream's length.
 */
public abstract class ChunkedStream extends InputStream {

    private static final byte[] NONE = new byte[0];

    private byte[] chunk = NONE;
    private int position;

    /** The next chunk (it may be empty), or null at the end of the stream. */
    protected abstract byte[] nextChunk() throws IOException;

    @Override
    public int read() throws IOException {
        return fill() ? chunk[position++] & 0xff : -1;
    }

    @Override
    public int read(byte[] into, int offset, int length) throws IOException {
        if (length == 0) {
            return 0;
        }
        if (!fill()) {
            return -1;
        }
        int count = Math.min(length, chunk.length - position);
        System.arraycopy(chunk, position, into, offset, count);
        position += count;
        return count;
    }

    @Override
    public int available() {
        return chunk.length - position;
    }

    /** Drops what is left of the chunk in hand: nothing more is served from it. */
    protected final void discardChunk() {
        chunk = NONE;
        position = 0;
    }

    private boolean fill() throws IOException {
        while (position >= chunk.length) {
            byte[] next = nextChunk();
            if (next == null) {
                return false;
            }
            chunk = next;
            position = 0;
        }
        return true;
    }
}
