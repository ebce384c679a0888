package io.llmfailover.runtime.protocol.translate;

import java.io.InputStream;

/** Hands out its bytes a few at a time, as a network socket would: at most {@code chunk} per read. */
final class ChunkedInputStream extends InputStream {

    private final byte[] data;
    private final int chunk;
    private int position;
    boolean closed;

    ChunkedInputStream(byte[] data, int chunk) {
        this.data = data;
        this.chunk = chunk;
    }

    @Override
    public int read() {
        return position < data.length ? data[position++] & 0xff : -1;
    }

    @Override
    public int read(byte[] into, int offset, int length) {
        if (position >= data.length) {
            return -1;
        }
        int count = Math.min(Math.min(length, chunk), data.length - position);
        System.arraycopy(data, position, into, offset, count);
        position += count;
        return count;
    }

    @Override
    public void close() {
        closed = true;
    }
}
