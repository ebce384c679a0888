package io.llmfailover.agent.apache5;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.nio.AsyncEntityProducer;
import org.apache.hc.core5.http.nio.DataStreamChannel;

/**
 * Collects an async request entity into bytes by playing the data channel its producer writes
 * to, so the runtime can replay the body to every attempt. Runs on the adapter executor: a
 * producer that has nothing yet is waited for until it asks for output again.
 */
final class RequestEntityBytes implements DataStreamChannel {

    /** How long a producer may stay silent before the body is given up on. */
    private static final long SILENCE_NANOS = TimeUnit.SECONDS.toNanos(30);

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition outputRequested = lock.newCondition();
    private boolean wantsOutput;
    private volatile boolean ended;

    private RequestEntityBytes() {}

    /** The whole entity; a repeatable producer is rewound afterwards, as the client's own retries expect. */
    static byte[] collect(AsyncEntityProducer producer) throws IOException {
        if (producer == null) {
            return new byte[0];
        }
        RequestEntityBytes channel = new RequestEntityBytes();
        while (!channel.ended) {
            int before = channel.bytes.size();
            producer.produce(channel);
            if (!channel.ended && channel.bytes.size() == before) {
                channel.awaitOutputRequest();
            }
        }
        if (producer.isRepeatable()) {
            producer.releaseResources();
        }
        return channel.bytes.toByteArray();
    }

    private void awaitOutputRequest() throws IOException {
        lock.lock();
        try {
            long left = SILENCE_NANOS;
            while (!wantsOutput && !ended) {
                if (left <= 0) {
                    throw new IOException("the request entity produced nothing for 30 s");
                }
                left = outputRequested.awaitNanos(left);
            }
            wantsOutput = false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while reading the request entity");
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void requestOutput() {
        lock.lock();
        try {
            wantsOutput = true;
            outputRequested.signalAll();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public int write(ByteBuffer src) {
        int count = src.remaining();
        if (src.hasArray()) {
            bytes.write(src.array(), src.arrayOffset() + src.position(), count);
            src.position(src.limit());
        } else {
            byte[] copy = new byte[count];
            src.get(copy);
            bytes.write(copy, 0, count);
        }
        return count;
    }

    @Override
    public void endStream() {
        endStream(null);
    }

    @Override
    public void endStream(List<? extends Header> trailers) {
        ended = true;
        requestOutput();
    }
}
