package io.llmfailover.runtime.state.redis;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.concurrent.TimeUnit;

/**
 * A socket to Redis whose every read, while a round trip runs, waits at most what is left of that
 * round trip's deadline: a Redis that trickles its answer a byte at a time, or a TLS handshake that
 * does, cannot make the round trip outlast {@code state.redis.timeout} by answering each read just in
 * time. TLS reads through it too ({@code SSLSocketFactory} layers over it). No timer, no thread:
 * each read costs a clock read.
 */
final class DeadlineSocket extends Socket {

    private volatile boolean bounded;
    private volatile long deadlineNanos;

    /** Until {@link #unbound()}, every read ends by {@code deadlineNanos} ({@link System#nanoTime()}). */
    void boundBy(long deadlineNanos) {
        this.deadlineNanos = deadlineNanos;
        this.bounded = true;
    }

    /** Reads wait as the socket's own timeout says (a subscription's, between round trips). */
    void unbound() {
        bounded = false;
    }

    /** What is left for a connect: at least 1 ms (0 would mean no timeout). */
    int remainingMillis() {
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime())));
    }

    @Override
    public InputStream getInputStream() throws IOException {
        return new BoundedReads(super.getInputStream());
    }

    private void beforeRead() throws IOException {
        if (!bounded) {
            return;
        }
        long left = deadlineNanos - System.nanoTime();
        if (left <= 0) {
            throw new SocketTimeoutException("the round trip's deadline passed (state.redis.timeout)");
        }
        setSoTimeout((int) Math.min(Integer.MAX_VALUE, (left + 999_999) / 1_000_000));
    }

    private final class BoundedReads extends FilterInputStream {

        BoundedReads(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            beforeRead();
            return in.read();
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            beforeRead();
            return in.read(buffer, offset, length);
        }
    }
}
