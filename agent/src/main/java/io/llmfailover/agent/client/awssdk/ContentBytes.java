package io.llmfailover.agent.client.awssdk;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;
import software.amazon.awssdk.http.async.SdkHttpContentPublisher;

/**
 * A request body as bytes, both ways: the SDK's content publisher read once into memory, and bytes
 * published again, as often as they are subscribed to (each attempt subscribes once).
 */
final class ContentBytes {

    private ContentBytes() {}

    /** Every byte the publisher has, or null once it published more than {@code limit}: it is then cancelled. */
    static CompletableFuture<byte[]> read(SdkHttpContentPublisher content, long limit) {
        Collector collector = new Collector(limit);
        content.subscribe(collector);
        return collector.bytes;
    }

    static SdkHttpContentPublisher publisher(byte[] body) {
        return new Published(body);
    }

    /** A response chunk copied out of the client's buffer, which it may reuse. */
    static byte[] copyOf(ByteBuffer buffer) {
        byte[] chunk = new byte[buffer.remaining()];
        buffer.get(chunk);
        return chunk;
    }

    private static final class Collector implements Subscriber<ByteBuffer> {

        private final long limit;
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();
        private final CompletableFuture<byte[]> bytes = new CompletableFuture<>();
        private Subscription subscription;

        Collector(long limit) {
            this.limit = limit;
        }

        @Override
        public void onSubscribe(Subscription s) {
            subscription = s;
            s.request(Long.MAX_VALUE);
        }

        @Override
        public void onNext(ByteBuffer buffer) {
            if (bytes.isDone()) {
                return;
            }
            if (out.size() + (long) buffer.remaining() > limit) {
                subscription.cancel();
                bytes.complete(null);
                return;
            }
            out.writeBytes(copyOf(buffer));
        }

        @Override
        public void onError(Throwable failure) {
            bytes.completeExceptionally(failure);
        }

        @Override
        public void onComplete() {
            bytes.complete(out.toByteArray());
        }
    }

    private record Published(byte[] body) implements SdkHttpContentPublisher {

        @Override
        public Optional<Long> contentLength() {
            return Optional.of((long) body.length);
        }

        @Override
        public void subscribe(Subscriber<? super ByteBuffer> subscriber) {
            AtomicBoolean sent = new AtomicBoolean();
            subscriber.onSubscribe(new Subscription() {
                @Override
                public void request(long n) {
                    if (n > 0 && sent.compareAndSet(false, true)) {
                        if (body.length > 0) {
                            subscriber.onNext(ByteBuffer.wrap(body).asReadOnlyBuffer());
                        }
                        subscriber.onComplete();
                    }
                }

                @Override
                public void cancel() {
                    sent.set(true);
                }
            });
        }
    }
}
