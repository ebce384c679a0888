package io.llmfailover.agent.jdkhttp;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.http.HttpRequest;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;

/** Reads a JDK request's body publisher once into bytes, so every attempt can replay it. */
final class RequestBodyBytes {

    private RequestBodyBytes() {}

    static byte[] of(HttpRequest request) throws IOException {
        if (request.bodyPublisher().isEmpty()) {
            return new byte[0];
        }
        Collector collector = new Collector();
        request.bodyPublisher().get().subscribe(collector);
        try {
            return collector.bytes.get();
        } catch (ExecutionException e) {
            throw new IOException("the request body could not be read", e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while reading the request body");
        }
    }

    private static final class Collector implements Flow.Subscriber<ByteBuffer> {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final CompletableFuture<byte[]> bytes = new CompletableFuture<>();

        @Override
        public void onSubscribe(Flow.Subscription subscription) {
            subscription.request(Long.MAX_VALUE);
        }

        @Override
        public void onNext(ByteBuffer item) {
            byte[] chunk = new byte[item.remaining()];
            item.get(chunk);
            out.write(chunk, 0, chunk.length);
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
}
