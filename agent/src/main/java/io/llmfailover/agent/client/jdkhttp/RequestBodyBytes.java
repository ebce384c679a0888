package io.llmfailover.agent.client.jdkhttp;

import io.llmfailover.agent.lifecycle.BufferedBody;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublisher;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;

/**
 * Reads a JDK request's body publisher once into bytes, within the cap, so every attempt can
 * replay it. A body known to be larger is not read at all; one of unknown length is read until it
 * passes the cap, and then sent whole as the app made it: the JDK's own publishers can be
 * subscribed again ({@code ofInputStream} asks its supplier for a new stream). Others of unknown
 * length ({@code fromPublisher}, the app's own) may not, so they are not read at all.
 */
final class RequestBodyBytes {

    private static final String JDK_PUBLISHERS = "jdk.internal.net.http.RequestPublishers$";

    private RequestBodyBytes() {}

    static BufferedBody of(HttpRequest request, long limit) throws IOException {
        Optional<BodyPublisher> publisher = request.bodyPublisher();
        if (publisher.isEmpty() || publisher.get().contentLength() == 0) {
            return BufferedBody.empty();
        }
        long length = publisher.get().contentLength();
        if (length > limit) {
            return BufferedBody.tooLarge(limit);
        }
        if (length < 0 && !canBeSubscribedAgain(publisher.get())) {
            return BufferedBody.notReplayable(publisher.get().getClass().getName() + " of unknown length");
        }
        CappedCopy copy = new CappedCopy(limit, length);
        publisher.get().subscribe(copy);
        try {
            byte[] bytes = copy.bytes.get();
            return bytes == null ? BufferedBody.tooLarge(limit) : BufferedBody.of(bytes);
        } catch (ExecutionException e) {
            throw new IOException("the request body could not be read", e.getCause());
        } catch (InterruptedException e) {
            throw new JdkGovernedCall.Interrupted(e);
        }
    }

    private static boolean canBeSubscribedAgain(BodyPublisher publisher) {
        String type = publisher.getClass().getName();
        return type.startsWith(JDK_PUBLISHERS) && !type.endsWith("PublisherAdapter") && !type.endsWith("AggregatePublisher");
    }

    /**
     * Collects the body into one array, sized by the publisher's length when it knows it (then
     * handed over as it is, not copied again); past the cap it cancels the subscription and keeps
     * nothing (null).
     */
    private static final class CappedCopy implements Flow.Subscriber<ByteBuffer> {
        private static final int UNKNOWN_LENGTH_START = 1024;
        private final long limit;
        private byte[] collected;
        private int size;
        private Flow.Subscription subscription;
        private boolean overCap;
        final CompletableFuture<byte[]> bytes = new CompletableFuture<>();

        CappedCopy(long limit, long length) {
            this.limit = limit;
            this.collected = new byte[length >= 0 && length < Integer.MAX_VALUE - 8 ? (int) length : UNKNOWN_LENGTH_START];
        }

        @Override
        public void onSubscribe(Flow.Subscription subscription) {
            this.subscription = subscription;
            subscription.request(Long.MAX_VALUE);
        }

        @Override
        public void onNext(ByteBuffer item) {
            if (overCap) {
                return;
            }
            int length = item.remaining();
            if ((long) size + length > limit) {
                overCap = true;
                subscription.cancel();
                bytes.complete(null);
                return;
            }
            if (size + length > collected.length) {
                collected = Arrays.copyOf(collected, Math.max(size + length, collected.length * 2));
            }
            item.get(collected, size, length);
            size += length;
        }

        @Override
        public void onError(Throwable failure) {
            bytes.completeExceptionally(failure);
        }

        @Override
        public void onComplete() {
            bytes.complete(size == collected.length ? collected : Arrays.copyOf(collected, size));
        }
    }
}
