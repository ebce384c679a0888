package io.llmfailover.agent.client.vertx;

import io.llmfailover.agent.lifecycle.AbandonableBody;
import io.llmfailover.agent.lifecycle.ArrivingBody;
import io.llmfailover.agent.lifecycle.NativeResponse;
import io.llmfailover.agent.lifecycle.TransportFailure;
import io.llmfailover.runtime.contract.CallAbandonedException;
import io.llmfailover.runtime.contract.HeadDeadlineException;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.RequestWritten;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.RequestOptions;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;

/**
 * One request through the app's own client (its pool, TLS, proxy, timeouts), sent from an agent
 * thread, which then waits for the response head; the client's event loop only hands it over.
 * An attempt that misses the deadline, or whose app resets its request, is reset: its connection
 * is closed. One that the app's own timeout ends ({@link AppTimeouts}) ends the call as the app's.
 */
final class VertxAttempt {

    private VertxAttempt() {}

    /**
     * @param appsOwn whether the request is the app's own, which follows redirects as the app set its
     *     request to; any other follows none, whatever {@code options} say
     * @param deadline the agent's head deadline; null waits as long as the client's own timeouts let it
     * @param written told when the connected request begins to be written (the provider's deadlines
     *     count from there), or null
     * @throws HeadDeadlineException no head within {@code deadline}
     * @throws CallAbandonedException the app reset its request, or its own timeout expired
     * @throws IOException the client's failure (connect, reset), as {@link TransportFailure} when it is no IOException
     */
    static NativeResponse<HttpClientResponse> send(VertxCall call, RequestOptions options, byte[] body, boolean appsOwn,
            Duration deadline, RequestWritten written) throws IOException {
        if (call.abandoned()) {
            throw appReset();
        }
        CompletableFuture<Void> connected = new CompletableFuture<>();
        CompletableFuture<NativeResponse<HttpClientResponse>> head = new CompletableFuture<>();
        AppTimeouts own = AppTimeouts.of(call.clientOptions());
        AtomicReference<HttpClientRequest> sent = new AtomicReference<>();
        AtomicBoolean abandoned = new AtomicBoolean();
        Runnable abandon = () -> {
            abandoned.set(true);
            HttpClientRequest request = sent.get();
            if (request != null) {
                request.reset();
            }
            head.thenAccept(NativeResponse::close);
        };
        call.onAbandon(abandon);
        call.client().request(options).onComplete(connecting -> {
            if (connecting.failed()) {
                head.completeExceptionally(connecting.cause());
                return;
            }
            HttpClientRequest request = connecting.result();
            own.activity(); // the app's own timeouts run from here
            if (appsOwn) {
                call.appRequest().redirectsAsSetOn(request);
            } else {
                request.setFollowRedirects(false); // the attempt's key stays with the host it belongs to
            }
            sent.set(request);
            connected.complete(null);
            if (abandoned.get()) {
                request.reset();
                head.completeExceptionally(appReset());
                return;
            }
            if (written != null) {
                written.report();
            }
            (body.length == 0 ? request.send() : request.send(Buffer.buffer(body))).onComplete(answered -> {
                if (answered.failed()) {
                    head.completeExceptionally(answered.cause());
                } else {
                    own.activity();
                    head.complete(received(answered.result(), call::abandoned, own));
                }
            });
        });
        return await(call, connected, head, deadline, abandon, own);
    }

    /**
     * Waits for {@code head}: without limit when {@code deadline} is null, else up to {@code deadline}
     * for the client's connection and as long again, from then, for the head: the first request of a
     * client sets up Vert.x's whole connection machinery, which is the app's cost, not the provider's
     * wait. {@code abandon} resets what is in flight. A failure once {@code connected} completed is
     * the app's when {@code own} (null: never) says its own timeout ended the request.
     */
    static NativeResponse<HttpClientResponse> await(VertxCall call, CompletableFuture<?> connected,
            CompletableFuture<NativeResponse<HttpClientResponse>> head, Duration deadline, Runnable abandon, AppTimeouts own)
            throws IOException {
        try {
            if (deadline == null) {
                return head.get();
            }
            CompletableFuture.anyOf(connected, head).get(deadline.toNanos(), TimeUnit.NANOSECONDS);
            return head.get(deadline.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            abandon.run();
            HeadDeadlineException timeout = new HeadDeadlineException(deadline);
            timeout.initCause(e);
            throw timeout;
        } catch (InterruptedException e) {
            abandon.run();
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for the response head");
        } catch (ExecutionException e) {
            if (call.abandoned()) {
                throw appReset();
            }
            IOException failure = TransportFailure.of(e.getCause());
            throw own != null && connected.isDone() && own.ended(failure) ? new CallAbandonedException(failure) : failure;
        }
    }

    /**
     * One attempt's response, seen by the runtime. Made on the response's own context with the
     * response paused, so no byte is lost; its body flows one buffer per read as the runtime reads
     * it, and a body not read to its end is cut off when closed: the client closes the connection.
     *
     * @param appReset whether the app reset its request: a body read that fails then is the app's doing
     * @param own the app's own timeouts on the attempt, which a body read that fails may be; null for a
     *     request sent as the app made it
     */
    static NativeResponse<HttpClientResponse> received(HttpClientResponse response, BooleanSupplier appReset,
            AppTimeouts own) {
        ArrivingBody arriving = ResponseBodyStream.of(response, own == null ? () -> {} : own::activity);
        InputStream body = own == null
                ? AbandonableBody.of(arriving, appReset)
                : AbandonableBody.of(arriving, appReset, own::ended);
        HttpHeaders.Builder headers = HttpHeaders.builder();
        for (Map.Entry<String, String> header : response.headers()) {
            headers.add(header.getKey(), header.getValue());
        }
        return NativeResponse.of(response, response.statusCode(), headers.build(), body);
    }

    private static CallAbandonedException appReset() {
        return new CallAbandonedException(new InterruptedIOException("the app reset its Vert.x request"));
    }
}
