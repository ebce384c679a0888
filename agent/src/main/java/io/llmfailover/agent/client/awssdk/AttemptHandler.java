package io.llmfailover.agent.client.awssdk;

import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;
import org.reactivestreams.Publisher;
import software.amazon.awssdk.http.SdkHttpResponse;
import software.amazon.awssdk.http.async.SdkAsyncHttpResponseHandler;

/**
 * The response handler of the agent's own sends through the app's client: its type is what marks a
 * request as the agent's (the client's event loop runs it, so no thread-local can), and it turns the
 * client's callbacks into one future, the head with its body's publisher. A failure after the head is
 * the body's, which its subscriber hears of.
 */
final class AttemptHandler implements SdkAsyncHttpResponseHandler {

    /** A response's head and the body it came with, unread. */
    record Head(SdkHttpResponse response, Publisher<ByteBuffer> body) {}

    private final CompletableFuture<Head> head = new CompletableFuture<>();
    private volatile SdkHttpResponse response;

    CompletableFuture<Head> head() {
        return head;
    }

    @Override
    public void onHeaders(SdkHttpResponse headers) {
        response = headers;
    }

    @Override
    public void onStream(Publisher<ByteBuffer> body) {
        head.complete(new Head(response, body));
    }

    @Override
    public void onError(Throwable failure) {
        head.completeExceptionally(failure);
    }
}
