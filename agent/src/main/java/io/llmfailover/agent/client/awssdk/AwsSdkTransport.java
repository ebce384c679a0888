package io.llmfailover.agent.client.awssdk;

import io.llmfailover.agent.lifecycle.HeadDeadlineWait;
import io.llmfailover.agent.lifecycle.NativeResponse;
import io.llmfailover.agent.lifecycle.reactive.PublishedBody;
import io.llmfailover.runtime.contract.AttemptRequest;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.contract.Transport;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import software.amazon.awssdk.http.async.AsyncExecuteRequest;
import software.amazon.awssdk.http.async.SdkAsyncHttpResponseHandler;

/**
 * Sends each attempt through the app's own SDK HTTP client (its pool, TLS, proxy, timeouts) with an
 * {@link AttemptHandler}, and waits, on the agent thread, for the head within the agent's deadline.
 * The body stays with the exchange, subscribed to only when the runtime reads it: an answer handed
 * over untouched reaches the app as the client's own publisher. Ending the client's future with a
 * failure is the client's own cut: it closes the connection, and never blocks.
 */
final class AwsSdkTransport implements Transport {

    private final AwsSdkCall call;

    AwsSdkTransport(AwsSdkCall call) {
        this.call = call;
    }

    @Override
    public LlmResponse send(AttemptRequest attempt) throws IOException {
        SdkAnswer answer = exchange(call, handler -> attempt.original()
                ? SdkRequests.original(call.request(), attempt.addedHeaders(), attempt.request().body(), handler)
                : SdkRequests.rewritten(call.request(), attempt.request(), handler), attempt.headDeadline());
        return NativeResponse.opening(answer, answer.head().statusCode(), HttpHeaders.of(answer.head().headers()),
                        () -> PublishedBody.of(answer.body(), ContentBytes::copyOf))
                .closedUnopenedBy(answer.letGo())
                .abortedBy(answer.letGo());
    }

    /**
     * One exchange through the app's client, once its head is in.
     *
     * @param deadline the agent's head deadline, or null to wait as long as the client does
     */
    static SdkAnswer exchange(AwsSdkCall call, Function<SdkAsyncHttpResponseHandler, AsyncExecuteRequest> request,
            Duration deadline) throws IOException {
        AttemptHandler handler = new AttemptHandler();
        CompletableFuture<AttemptHandler.Head> heads = handler.head();
        CompletableFuture<Void> exchange = call.client.execute(request.apply(handler));
        exchange.whenComplete((done, failure) -> {
            if (failure != null) {
                heads.completeExceptionally(failure);
            }
        });
        Runnable cut = () -> exchange.completeExceptionally(new CancellationException("llm-failover let go of the attempt"));
        try {
            AttemptHandler.Head head = HeadDeadlineWait.await(heads, deadline, call.appWait(), late -> cut.run());
            return new SdkAnswer(head.response(), head.body(), exchange, cut);
        } catch (IOException | RuntimeException | Error failure) {
            cut.run();
            throw failure;
        }
    }
}
