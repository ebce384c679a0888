package io.llmfailover.agent.client.micronaut;

import io.llmfailover.agent.lifecycle.NativeResponse;
import io.llmfailover.agent.lifecycle.TransportFailure;
import io.llmfailover.agent.lifecycle.reactive.PublishedBody;
import io.llmfailover.runtime.contract.CallAbandonedException;
import io.llmfailover.runtime.contract.HeadDeadlineException;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MutableHttpRequest;
import io.micronaut.http.client.exceptions.HttpClientResponseException;
import io.micronaut.http.netty.NettyHttpResponseBuilder;
import io.netty.buffer.ByteBufUtil;
import io.netty.handler.codec.http.HttpContent;
import java.io.ByteArrayInputStream;
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
    static NativeResponse<AppOutcome> send(MicronautCall call, WatchedAttempt request, Duration deadline) throws IOException {
        try {
            return send(call, request, request.firstByte(), deadline);
        } finally {
            request.stopWatching();
        }
    }

    /** The app's own request, sent once as it is, with no deadline of the agent's. */
    static NativeResponse<AppOutcome> sendAsIs(MicronautCall call, MutableHttpRequest<?> request) throws IOException {
        return send(call, request, new CompletableFuture<>(), null);
    }

    private static NativeResponse<AppOutcome> send(MicronautCall call, MutableHttpRequest<?> request,
            CompletableFuture<Void> firstByte, Duration deadline) throws IOException {
        if (call.abandoned()) {
            throw appCancelled();
        }
        CompletableFuture<NativeResponse<AppOutcome>> answer = new CompletableFuture<>();
        // Flux, not Mono: Mono.from cancels its source once it has the response, which ends a streamed body.
        Disposable exchange = Flux.<HttpResponse<?>>from(call.chain().proceed(request)).subscribe(
                response -> answer.complete(received(call, AppOutcome.of(response), response)),
                failure -> {
                    if (failure instanceof HttpClientResponseException error) {
                        answer.complete(received(call, AppOutcome.failed(error), error.getResponse()));
                    } else {
                        answer.completeExceptionally(failure);
                    }
                });
        call.onAbandon(exchange::dispose);
        return await(call, answer, firstByte, exchange, deadline);
    }

    /** Up to {@code deadline} for the first byte of the answer (or the answer), then as long as the client's own timeouts let it. */
    private static NativeResponse<AppOutcome> await(MicronautCall call, CompletableFuture<NativeResponse<AppOutcome>> answer,
            CompletableFuture<Void> firstByte, Disposable exchange, Duration deadline) throws IOException {
        try {
            if (deadline != null) {
                CompletableFuture.anyOf(answer, firstByte).get(deadline.toNanos(), TimeUnit.NANOSECONDS);
            }
            return answer.get();
        } catch (TimeoutException e) {
            exchange.dispose();
            answer.thenAccept(NativeResponse::close);
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

    /**
     * One attempt's answer, seen by the runtime, and what the app's client made of it (its response,
     * or the exception it raises for an error status), handed to the app as it is when the runtime
     * leaves it untouched. A streamed body is read as it arrives, one chunk of demand at a time; a
     * decoded one from the bytes Micronaut kept. A streamed body not read to its end is cancelled
     * on close, which closes its connection.
     */
    private static NativeResponse<AppOutcome> received(MicronautCall call, AppOutcome outcome, HttpResponse<?> response) {
        boolean streamed = call.streamed();
        return NativeResponse.opening(outcome, response.code(), MicronautBinding.neutral(response.getHeaders()),
                () -> streamed
                        ? PublishedBody.of(NettyHttpResponseBuilder.toStreamResponse(response), MicronautAttempt::copied)
                        : new ByteArrayInputStream(response.getBody(byte[].class).orElse(new byte[0])));
    }

    private static byte[] copied(HttpContent content) {
        try {
            return ByteBufUtil.getBytes(content.content());
        } finally {
            content.release();
        }
    }

    private static CallAbandonedException appCancelled() {
        return new CallAbandonedException(new InterruptedIOException("the app cancelled its Micronaut call"));
    }
}
