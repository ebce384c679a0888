package io.llmfailover.agent.lifecycle.reactive;

import io.llmfailover.agent.lifecycle.TransportFailure;
import io.llmfailover.runtime.contract.LlmResponse;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

/**
 * An answer's body as a plain Reactive Streams {@code Publisher} ({@link #publisher()}), for a client
 * without Reactor (the AWS SDK's {@code SdkAsyncHttpResponseHandler.onStream}): read on agent threads
 * chunk by chunk as the subscriber asks, so an event reaches the app when it arrives. One subscriber;
 * its end, its failure or its cancellation closes the answer and completes {@link #ended()}. The
 * publisher is a class of its own: a lambda naming a class that implements a client type fails to
 * link in an adapter's loader ({@code AdapterClassLoader}), and this one's are not.
 *
 * @param <T> the client's buffer type, each chunk wrapped in it
 */
public final class StreamedBody<T> {

    private static final int CHUNK_BYTES = 8 * 1024;

    private final LlmResponse answer;
    private final Executor readers;
    private final Function<byte[], T> wrap;
    private final AtomicBoolean subscribed = new AtomicBoolean();
    private final CompletableFuture<Void> ended = new CompletableFuture<>();

    private StreamedBody(LlmResponse answer, Executor readers, Function<byte[], T> wrap) {
        this.answer = answer;
        this.readers = readers;
        this.wrap = wrap;
    }

    public static <T> StreamedBody<T> of(LlmResponse answer, Executor readers, Function<byte[], T> wrap) {
        return new StreamedBody<>(answer, readers, wrap);
    }

    /** Completes once the body ended, normally or with its failure (cancelled: a {@code CancellationException}). */
    public CompletableFuture<Void> ended() {
        return ended;
    }

    public Publisher<T> publisher() {
        return new OneSubscriber();
    }

    /** Closes the answer unread: the app gave up before it subscribed. */
    public void discard() {
        finish(new CancellationException("the app gave up on the answer"));
    }

    private void finish(Throwable failure) {
        try {
            answer.close();
        } finally {
            if (failure == null) {
                ended.complete(null);
            } else {
                ended.completeExceptionally(failure);
            }
        }
    }

    /** One subscription: demand is counted, and one agent thread at a time reads while there is some. */
    private final class Reading implements Subscription, Runnable {

        private final Subscriber<? super T> subscriber;
        private final AtomicLong demand = new AtomicLong();
        private final AtomicBoolean done = new AtomicBoolean();

        Reading(Subscriber<? super T> subscriber) {
            this.subscriber = subscriber;
        }

        @Override
        public void request(long n) {
            if (n <= 0) {
                if (done.compareAndSet(false, true)) {
                    IllegalArgumentException invalid = new IllegalArgumentException("non-positive request: " + n);
                    finish(invalid);
                    subscriber.onError(invalid);
                }
                return;
            }
            if (demand.getAndAccumulate(n, StreamedBody::cappedSum) == 0) {
                readers.execute(this);
            }
        }

        @Override
        public void cancel() {
            if (done.compareAndSet(false, true)) {
                finish(new CancellationException("the app cancelled the answer's body"));
            }
        }

        @Override
        public void run() {
            InputStream body;
            try {
                body = answer.body();
            } catch (RuntimeException failure) {
                fail(failure);
                return;
            }
            long wanted = demand.get();
            while (!done.get()) {
                long sent = 0;
                while (sent < wanted && !done.get()) {
                    if (!readOne(body)) {
                        return;
                    }
                    sent++;
                }
                wanted = wanted == Long.MAX_VALUE ? wanted : demand.addAndGet(-sent);
                if (wanted == 0) {
                    return;
                }
            }
        }

        /** Reads and hands on one chunk; false once the body ended or failed. */
        private boolean readOne(InputStream body) {
            byte[] chunk = new byte[CHUNK_BYTES];
            int read;
            try {
                read = body.read(chunk);
            } catch (IOException | RuntimeException failure) {
                fail(failure);
                return false;
            }
            if (read < 0) {
                if (done.compareAndSet(false, true)) {
                    finish(null);
                    subscriber.onComplete();
                }
                return false;
            }
            subscriber.onNext(wrap.apply(Arrays.copyOf(chunk, read)));
            return true;
        }

        private void fail(Throwable failure) {
            if (done.compareAndSet(false, true)) {
                Throwable seen = TransportFailure.unwrapped(failure); // the client's own failure, as the app would see it
                finish(seen);
                subscriber.onError(seen);
            }
        }
    }

    private static long cappedSum(long a, long b) {
        long sum = a + b;
        return sum < 0 ? Long.MAX_VALUE : sum;
    }

    private final class OneSubscriber implements Publisher<T> {

        @Override
        public void subscribe(Subscriber<? super T> subscriber) {
            if (!subscribed.compareAndSet(false, true)) {
                subscriber.onSubscribe(NoDemand.INSTANCE);
                subscriber.onError(new IllegalStateException("an answer's body has one subscriber"));
                return;
            }
            subscriber.onSubscribe(new Reading(subscriber));
        }
    }

    private enum NoDemand implements Subscription {
        INSTANCE;

        @Override
        public void request(long n) {}

        @Override
        public void cancel() {}
    }
}
