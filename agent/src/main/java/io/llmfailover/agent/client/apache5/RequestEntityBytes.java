package io.llmfailover.agent.client.apache5;

import io.llmfailover.agent.lifecycle.BufferedBody;
import io.llmfailover.agent.lifecycle.CappedCopy;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.hc.core5.concurrent.Cancellable;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.nio.AsyncEntityProducer;
import org.apache.hc.core5.http.nio.DataStreamChannel;

/**
 * Collects an async request entity into bytes, within {@code buffer.max-bytes}, by playing the
 * data channel its producer writes to, so the runtime can replay the body to every attempt. Runs
 * on the adapter executor: a producer that has nothing yet is waited for until it asks for output
 * again, or the app cancels.
 */
final class RequestEntityBytes implements DataStreamChannel, Cancellable {

    /** How long a producer may stay silent before the body is given up on. */
    private static final long SILENCE_NANOS = TimeUnit.SECONDS.toNanos(30);

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final long limit;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition outputRequested = lock.newCondition();
    private boolean wantsOutput;
    private volatile boolean ended;
    private volatile boolean overCap;
    private volatile boolean cancelled;

    private RequestEntityBytes(long limit) {
        this.limit = limit;
    }

    /**
     * The entity's bytes, or why the call passes through: decided from its declared length and
     * whether it can be produced again before a byte is read. A repeatable producer is rewound
     * afterwards, as the client's own retries expect, so the app's call can still go as it was made.
     */
    static BufferedBody collect(GovernedAsyncCall call, long limit) throws IOException {
        AsyncEntityProducer producer = call.entityProducer;
        if (producer == null) {
            return BufferedBody.empty();
        }
        BufferedBody decided = CappedCopy.notToRead(producer.getContentLength(), producer.isRepeatable(), limit);
        if (decided != null) {
            return decided;
        }
        RequestEntityBytes channel = new RequestEntityBytes(limit);
        call.doing(channel);
        try {
            while (!channel.ended && !channel.overCap) {
                if (channel.cancelled) {
                    throw new InterruptedIOException("request cancelled");
                }
                int before = channel.bytes.size();
                producer.produce(channel);
                if (!channel.ended && !channel.overCap && channel.bytes.size() == before) {
                    channel.awaitOutputRequest();
                }
            }
        } finally {
            if (producer.isRepeatable()) {
                producer.releaseResources();
            }
        }
        if (!channel.overCap) {
            return BufferedBody.of(channel.bytes.toByteArray());
        }
        if (producer.isRepeatable()) {
            return BufferedBody.tooLarge(limit);
        }
        throw new IOException("the request entity is longer than its declared length of "
                + producer.getContentLength() + " bytes");
    }

    private void awaitOutputRequest() throws IOException {
        lock.lock();
        try {
            long left = SILENCE_NANOS;
            while (!wantsOutput && !ended && !cancelled) {
                if (left <= 0) {
                    throw new IOException("the request entity produced nothing for 30 s");
                }
                left = outputRequested.awaitNanos(left);
            }
            if (cancelled) {
                throw new InterruptedIOException("request cancelled");
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

    /** Takes what the producer writes; past the cap, it is dropped and the copy stops. */
    @Override
    public int write(ByteBuffer src) {
        int count = src.remaining();
        if (overCap || bytes.size() + (long) count > limit) {
            overCap = true;
            src.position(src.limit());
            return count;
        }
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

    /** The app cancelled while its body was being read. */
    @Override
    public boolean cancel() {
        cancelled = true;
        requestOutput();
        return true;
    }
}
