package io.llmfailover.agent.client.apache5;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.nio.AsyncDataConsumer;
import org.apache.hc.core5.http.nio.CapacityChannel;

/**
 * One attempt's response body, handed from the I/O reactor to whoever reads it as a blocking
 * stream (the runtime, then the relay to the app). At most {@link #WINDOW} bytes are asked of the
 * connection ahead of the reader; reading grants the connection more, so a slow app slows the
 * provider rather than filling memory.
 */
final class ResponseBodyPipe implements AsyncDataConsumer {

    static final int WINDOW = 64 * 1024;

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final ArrayDeque<ByteBuffer> chunks = new ArrayDeque<>();
    private CapacityChannel channel;
    /** Bytes waiting for the reader. */
    private long buffered;
    /** Bytes granted to the connection and not yet arrived. */
    private long granted;
    private boolean ended;
    private boolean closed;
    private IOException failure;

    private final InputStream stream = new InputStream() {
        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) == -1 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] target, int offset, int length) throws IOException {
            return take(target, offset, length);
        }

        @Override
        public int available() {
            lock.lock();
            try {
                return (int) Math.min(Integer.MAX_VALUE, buffered);
            } finally {
                lock.unlock();
            }
        }

        @Override
        public void close() {
            ResponseBodyPipe.this.close();
        }
    };

    InputStream stream() {
        return stream;
    }

    /** True once the body arrived whole (or there was none). */
    boolean ended() {
        lock.lock();
        try {
            return ended;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void updateCapacity(CapacityChannel capacityChannel) throws IOException {
        lock.lock();
        try {
            channel = capacityChannel;
        } finally {
            lock.unlock();
        }
        grantRoom(0);
    }

    @Override
    public void consume(ByteBuffer src) {
        int count = src.remaining();
        ByteBuffer copy = ByteBuffer.allocate(count);
        copy.put(src).flip();
        lock.lock();
        try {
            granted = Math.max(0, granted - count);
            if (!closed) {
                chunks.add(copy);
                buffered += count;
                changed.signalAll();
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void streamEnd(List<? extends Header> trailers) {
        end(null);
    }

    /** The attempt failed after its head: the reader sees the failure once the data before it is read. */
    void fail(Exception cause) {
        end(cause instanceof IOException io ? io : new IOException(cause.getMessage(), cause));
    }

    void end(IOException cause) {
        lock.lock();
        try {
            if (!ended) {
                ended = true;
                failure = cause;
                changed.signalAll();
            }
        } finally {
            lock.unlock();
        }
    }

    void close() {
        lock.lock();
        try {
            closed = true;
            chunks.clear();
            buffered = 0;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void releaseResources() {
        // the reader owns the buffered bytes until it closes the stream
    }

    private int take(byte[] target, int offset, int length) throws IOException {
        if (length == 0) {
            return 0;
        }
        int count = 0;
        lock.lock();
        try {
            while (chunks.isEmpty() && !ended && !closed) {
                changed.await();
            }
            if (closed) {
                throw new IOException("response body closed");
            }
            while (count < length && !chunks.isEmpty()) {
                ByteBuffer chunk = chunks.peek();
                int n = Math.min(length - count, chunk.remaining());
                chunk.get(target, offset + count, n);
                count += n;
                if (!chunk.hasRemaining()) {
                    chunks.poll();
                }
            }
            buffered -= count;
            if (count == 0) {
                if (failure != null) {
                    throw failure;
                }
                return -1;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while reading the response body");
        } finally {
            lock.unlock();
        }
        grantRoom(WINDOW / 2);
        return count;
    }

    /** Tells the connection how much more it may deliver, once that is at least {@code threshold}. */
    private void grantRoom(int threshold) throws IOException {
        CapacityChannel grantTo;
        int room;
        lock.lock();
        try {
            room = (int) Math.max(0, WINDOW - buffered - granted);
            if (channel == null || ended || closed || room == 0 || room < threshold) {
                return;
            }
            granted += room;
            grantTo = channel;
        } finally {
            lock.unlock();
        }
        grantTo.update(room);
    }
}
