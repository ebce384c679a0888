package io.llmfailover.agent.client.micronaut;

import io.llmfailover.agent.lifecycle.TransportFailure;
import io.llmfailover.runtime.contract.CallAbandonedException;
import io.llmfailover.runtime.contract.HeadDeadlineException;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MutableHttpRequest;
import io.micronaut.http.client.exceptions.HttpClientResponseException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;

/**
 * One request down the rest of the app's filter chain, from an agent thread, which then waits for
 * what Micronaut makes of the answer: the app's response type, or the
 * {@code HttpClientResponseException} it raises for an error status (which carries the response).
 * The agent's deadline is for the answer's first byte: Micronaut decodes a body it reads whole
 * (for {@code exchange}) before the filter sees its head. An attempt that misses the deadline, or
 * whose app cancels, is cancelled: Micronaut closes its connection.
 */
final class MicronautAttempt {

    private MicronautAttempt() {}

    /**
     * @param deadline the agent's head deadline; null waits as long as the client's own timeouts let it
     * @throws HeadDeadlineException no answer within {@code deadline}
     * @throws CallAbandonedException the app cancelled
     * @throws IOException the client's failure (connect, reset, its own timeout), carried as a {@link TransportFailure}
     */
    static MicronautLlmResponse send(MicronautCall call, WatchedAttempt request, Duration deadline) throws IOException {
        try {
            return send(call, request, request.firstByte(), deadline);
        } finally {
            request.stopWatching();
        }
    }

    /** The app's own request, sent once as it is, with no deadline of the agent's. */
    static MicronautLlmResponse sendAsIs(MicronautCall call, MutableHttpRequest<?> request) throws IOException {
        return send(call, request, new CompletableFuture<>(), null);
    }

    private static MicronautLlmResponse send(MicronautCall call, MutableHttpRequest<?> request,
            CompletableFuture<Void> firstByte, Duration deadline) throws IOException {
        if (call.abandoned()) {
            throw appCancelled();
        }
        CompletableFuture<MicronautLlmResponse> answer = new CompletableFuture<>();
        // Flux, not Mono: Mono.from cancels its source once it has the response, which ends a streamed body.
        Disposable exchange = Flux.<HttpResponse<?>>from(call.chain().proceed(request)).subscribe(
                response -> answer.complete(MicronautLlmResponse.answered(call, response)),
                failure -> {
                    if (failure instanceof HttpClientResponseException error) {
                        answer.complete(MicronautLlmResponse.refused(call, error));
                    } else {
                        answer.completeExceptionally(failure);
                    }
                });
        call.onAbandon(exchange::dispose);
        return await(call, answer, firstByte, exchange, deadline);
    }

    /** Up to {@code deadline} for the first byte of the answer (or the answer), then as long as the client's own timeouts let it. */
    private static MicronautLlmResponse await(MicronautCall call, CompletableFuture<MicronautLlmResponse> answer,
            CompletableFuture<Void> firstByte, Disposable exchange, Duration deadline) throws IOException {
        try {
            if (deadline != null) {
                CompletableFuture.anyOf(answer, firstByte).get(deadline.toNanos(), TimeUnit.NANOSECONDS);
            }
            return answer.get();
        } catch (TimeoutException e) {
            exchange.dispose();
            answer.thenAccept(MicronautLlmResponse::close);
            HeadDeadlineException timeout = new HeadDeadlineException(deadline);
            timeout.initCause(e);
            throw timeout;
        } catch (InterruptedException e) {
            exchange.dispose();
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for the response");
        } catch (ExecutionException e) {
            throw call.abandoned() ? appCancelled() : TransportFailure.classified(e.getCause());
        }
    }

    private static CallAbandonedException appCancelled() {
        return new CallAbandonedException(new InterruptedIOException("the app cancelled its Micronaut call"));
    }
}
