package io.llmfailover.agent.client.webclient;

import java.io.ByteArrayOutputStream;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferFactory;
import org.springframework.core.io.buffer.DataBufferUtils;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The app's request body, read one buffer at a time into memory until it ends or passes the cap.
 * Past the cap, reading stops with the app's stream still open: the one request that then carries
 * the whole body sends what was read, then the rest of the app's stream, so the app's body is
 * subscribed once and never more than the cap (and the one buffer that passed it) is held.
 */
final class BodyCapture {

    private final long limit;
    private final ByteArrayOutputStream read = new ByteArrayOutputStream();
    /** Completes when the body ended within the cap or passed it; fails with the app's own body failure. */
    private final CompletableFuture<Void> done = new CompletableFuture<>();
    private final Reader reader = new Reader(this);
    private volatile byte[] bytes;
    /** The buffer that passed the cap, still the app's, sent right after {@link #bytes}. */
    private volatile DataBuffer held;
    private volatile boolean cancelled;

    BodyCapture(long limit) {
        this.limit = limit;
    }

    /** Subscribes to the app's body; the returned Mono completes once it is read, up to the cap. */
    Mono<Void> read(Publisher<? extends DataBuffer> content) {
        return Mono.defer(() -> {
            content.subscribe(reader);
            return Mono.fromFuture(done, true);
        });
    }

    boolean done() {
        return done.isDone() && !done.isCompletedExceptionally();
    }

    boolean overCap() {
        return held != null;
    }

    /** What was read; the whole body unless {@link #overCap()}. */
    byte[] bytes() {
        byte[] all = bytes;
        if (all == null) {
            all = read.toByteArray();
            bytes = all;
        }
        return all;
    }

    /** The whole body of a call over the cap: what was read, the buffer that passed the cap, the rest of the app's stream. */
    Flux<DataBuffer> whole(DataBufferFactory buffers) {
        byte[] first = bytes();
        DataBuffer passedTheCap = held;
        Mono<DataBuffer> prefix = first.length == 0 ? Mono.empty() : Mono.fromSupplier(() -> buffers.wrap(first));
        return Flux.concat(prefix, Mono.just(passedTheCap), Flux.from(reader));
    }

    /** The app cancelled: its body is not read further. */
    void cancel() {
        cancelled = true;
        reader.cancelUpstream();
        done.completeExceptionally(new CancellationException("the app cancelled its WebClient call"));
    }

    private void onBuffer(DataBuffer buffer) {
        if (read.size() + (long) buffer.readableByteCount() > limit) {
            held = buffer;
            done.complete(null);
            return;
        }
        byte[] chunk = new byte[buffer.readableByteCount()];
        buffer.read(chunk);
        DataBufferUtils.release(buffer);
        read.write(chunk, 0, chunk.length);
        reader.requestOne();
    }

    /**
     * Reads the app's body, one buffer of demand at a time; past the cap, the publisher of the rest,
     * for the one subscriber that sends it.
     */
    private static final class Reader implements Subscriber<DataBuffer>, Publisher<DataBuffer> {
        private final BodyCapture capture;
        private volatile Subscription upstream;
        private volatile Subscriber<? super DataBuffer> rest;
        private Throwable restFailure;
        private boolean restEnded;

        Reader(BodyCapture capture) {
            this.capture = capture;
        }

        @Override
        public void onSubscribe(Subscription subscription) {
            upstream = subscription;
            if (capture.cancelled) {
                subscription.cancel();
            } else {
                subscription.request(1);
            }
        }

        @Override
        public void onNext(DataBuffer buffer) {
            Subscriber<? super DataBuffer> sending = sendingTo();
            if (sending != null) {
                sending.onNext(buffer);
            } else if (capture.cancelled) {
                DataBufferUtils.release(buffer);
            } else {
                capture.onBuffer(buffer);
            }
        }

        @Override
        public void onError(Throwable failure) {
            if (!capture.overCap()) {
                capture.done.completeExceptionally(failure);
                return;
            }
            Subscriber<? super DataBuffer> sending;
            synchronized (this) {
                sending = rest;
                if (sending == null) {
                    restFailure = failure;
                }
            }
            if (sending != null) {
                sending.onError(failure);
            }
        }

        @Override
        public void onComplete() {
            if (!capture.overCap()) {
                capture.done.complete(null);
                return;
            }
            Subscriber<? super DataBuffer> sending;
            synchronized (this) {
                sending = rest;
                if (sending == null) {
                    restEnded = true;
                }
            }
            if (sending != null) {
                sending.onComplete();
            }
        }

        /** The rest of the app's body, past the cap: for one subscriber, its demand passed to the app's stream. */
        @Override
        public void subscribe(Subscriber<? super DataBuffer> subscriber) {
            Throwable failed;
            boolean ended;
            synchronized (this) {
                if (rest != null) {
                    throw new IllegalStateException("the rest of a request body is sent once");
                }
                rest = subscriber;
                failed = restFailure;
                ended = restEnded;
            }
            subscriber.onSubscribe(new Subscription() {
                @Override
                public void request(long n) {
                    Subscription app = upstream;
                    if (app != null) {
                        app.request(n);
                    }
                }

                @Override
                public void cancel() {
                    cancelUpstream();
                }
            });
            if (failed != null) {
                subscriber.onError(failed);
            } else if (ended) {
                subscriber.onComplete();
            }
        }

        private Subscriber<? super DataBuffer> sendingTo() {
            return rest;
        }

        void requestOne() {
            upstream.request(1);
        }

        void cancelUpstream() {
            Subscription app = upstream;
            if (app != null) {
                app.cancel();
            }
        }
    }
}
