package io.llmfailover.agent.client.awssdk;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;
import software.amazon.awssdk.http.SdkHttpResponse;
import software.amazon.awssdk.http.async.SdkAsyncHttpResponseHandler;

/**
 * The SDK's side of a call, as its {@code MakeAsyncHttpRequestStage} handler is told of it: the head,
 * then the body read one buffer at a time (each chunk recorded as it arrives), or a failure.
 */
final class AppHandler implements SdkAsyncHttpResponseHandler {

    static final long WAIT_SECONDS = 10;

    final CompletableFuture<SdkHttpResponse> head = new CompletableFuture<>();
    final CompletableFuture<String> body = new CompletableFuture<>();
    final List<String> chunks = new CopyOnWriteArrayList<>();
    final List<String> threads = new CopyOnWriteArrayList<>();
    volatile Runnable onFirstChunk = () -> {};

    @Override
    public void onHeaders(SdkHttpResponse response) {
        threads.add(Thread.currentThread().getName());
        head.complete(response);
    }

    @Override
    public void onStream(Publisher<ByteBuffer> stream) {
        stream.subscribe(new Subscriber<>() {
            private final ByteArrayOutputStream all = new ByteArrayOutputStream();
            private Subscription subscription;

            @Override
            public void onSubscribe(Subscription s) {
                subscription = s;
                s.request(1);
            }

            @Override
            public void onNext(ByteBuffer buffer) {
                byte[] chunk = new byte[buffer.remaining()];
                buffer.get(chunk);
                all.writeBytes(chunk);
                chunks.add(new String(chunk, StandardCharsets.UTF_8));
                if (chunks.size() == 1) {
                    onFirstChunk.run();
                }
                subscription.request(1);
            }

            @Override
            public void onError(Throwable failure) {
                body.completeExceptionally(failure);
            }

            @Override
            public void onComplete() {
                body.complete(all.toString(StandardCharsets.UTF_8));
            }
        });
    }

    @Override
    public void onError(Throwable failure) {
        head.completeExceptionally(failure);
        body.completeExceptionally(failure);
    }

    SdkHttpResponse head() throws Exception {
        return head.get(WAIT_SECONDS, TimeUnit.SECONDS);
    }

    String body() throws Exception {
        return body.get(WAIT_SECONDS, TimeUnit.SECONDS);
    }
}
