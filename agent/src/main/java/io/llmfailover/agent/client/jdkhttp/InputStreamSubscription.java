package io.llmfailover.agent.client.jdkhttp;

import io.llmfailover.runtime.contract.InMemoryBody;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Feeds an app's {@code BodySubscriber} from a response body stream, one chunk per unit of demand,
 * as the bytes arrive: an SSE event reaches the app when it arrives, not when the next one does.
 * Reads happen on the executor, never on the thread that asked for more, so a subscriber that
 * requests from inside its reading thread (as {@code ofInputStream} does) never waits on the
 * network for data it did not ask for yet.
 */
final class InputStreamSubscription implements Flow.Subscription {

    /** Most answers (a JSON completion, an SSE event) fit the first size; a body that fills it gets bigger reads. */
    private static final int FIRST_CHUNK_BYTES = 4 * 1024;
    private static final int MAX_CHUNK_BYTES = 16 * 1024;

    private final Flow.Subscriber<? super List<ByteBuffer>> subscriber;
    private final InputStream body;
    private final Runnable release;
    private final Executor executor;
    private final AtomicLong demand = new AtomicLong();
    private final AtomicInteger drainRequests = new AtomicInteger();
    private final AtomicBoolean released = new AtomicBoolean();
    private volatile boolean cancelled;
    private boolean finished;
    /** Reused by every read: drains never overlap, and each chunk is copied before it is emitted; made at the first read. */
    private byte[] buffer;

    private InputStreamSubscription(Flow.Subscriber<? super List<ByteBuffer>> subscriber, InputStream body,
            Runnable release, Executor executor) {
        this.subscriber = subscriber;
        this.body = body;
        this.release = release;
        this.executor = executor;
    }

    /**
     * Subscribes {@code subscriber} to {@code body}; {@code release} runs once, when the body ends,
     * fails or is cancelled.
     */
    static void feed(Flow.Subscriber<? super List<ByteBuffer>> subscriber, InputStream body, Runnable release, Executor executor) {
        subscriber.onSubscribe(new InputStreamSubscription(subscriber, body, release, executor));
    }

    @Override
    public void request(long n) {
        if (n <= 0) {
            cancelled = true;
            release();
            subscriber.onError(new IllegalArgumentException("demand must be positive, was " + n));
            return;
        }
        demand.getAndAccumulate(n, (current, added) -> current + added < 0 ? Long.MAX_VALUE : current + added);
        if (drainRequests.getAndIncrement() == 0) {
            executor.execute(this::drain);
        }
    }

    @Override
    public void cancel() {
        cancelled = true;
        release();
    }

    private void drain() {
        int missed = 1;
        do {
            while (demand.get() > 0 && !finished && !cancelled) {
                emitNextChunk();
            }
            missed = drainRequests.addAndGet(-missed);
        } while (missed != 0);
    }

    private void emitNextChunk() {
        if (body instanceof InMemoryBody whole) {
            emitRest(whole);
            return;
        }
        if (buffer == null) {
            buffer = new byte[FIRST_CHUNK_BYTES];
        }
        int read;
        try {
            read = body.read(buffer);
        } catch (IOException e) {
            finish();
            if (!cancelled) {
                subscriber.onError(e);
            }
            return;
        }
        if (read < 0) {
            finish();
            subscriber.onComplete();
            return;
        }
        if (read > 0) {
            demand.decrementAndGet();
            subscriber.onNext(List.of(ByteBuffer.wrap(Arrays.copyOf(buffer, read))));
            if (read == buffer.length && buffer.length < MAX_CHUNK_BYTES) {
                buffer = new byte[buffer.length * 2];
            }
        }
    }

    /** A body already in memory goes to the subscriber as it is: one buffer, no copy, then the end. */
    private void emitRest(InMemoryBody whole) {
        ByteBuffer rest = whole.takeRest();
        if (rest.hasRemaining()) {
            demand.decrementAndGet();
            subscriber.onNext(List.of(rest));
            if (demand.get() <= 0 || cancelled) {
                return;
            }
        }
        finish();
        subscriber.onComplete();
    }

    private void finish() {
        finished = true;
        release();
    }

    private void release() {
        if (released.compareAndSet(false, true)) {
            release.run();
        }
    }
}
