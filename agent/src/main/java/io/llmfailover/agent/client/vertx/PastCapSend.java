package io.llmfailover.agent.client.vertx;

import io.llmfailover.agent.bootstrap.AttemptGuard;
import io.llmfailover.agent.lifecycle.NativeResponse;
import io.llmfailover.runtime.contract.RouteHeader;
import io.vertx.core.AsyncResult;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.RequestOptions;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;

/**
 * A governed call whose body outgrew {@code buffer.max-bytes} while the app wrote it: from then on
 * it is the app's request as made, sent once, ungoverned, through the app's client. What was held
 * is written first, then each further write as it comes (held only until the client has a
 * connection), so no more than the cap stays in memory.
 */
final class PastCapSend {

    private final Queue<Buffer> pending = new ArrayDeque<>();
    private final CompletableFuture<NativeResponse<HttpClientResponse>> head = new CompletableFuture<>();
    private final boolean chunked;
    /** The length of a body held whole, sent with it; -1 for one that outgrew the cap. */
    private final long wholeLength;
    private final VertxCall call;
    private HttpClientRequest request;
    private boolean ended;

    private PastCapSend(boolean chunked, long wholeLength, VertxCall call) {
        this.chunked = chunked;
        this.wholeLength = wholeLength;
        this.call = call;
    }

    /** Asks the app's client for the request, on the app's thread, marked as the agent's own so it is not governed again. */
    static PastCapSend open(VertxCall call, byte[] held, boolean chunked) {
        return open(new PastCapSend(chunked, -1, call), held);
    }

    /** The app's whole request, ungoverned: a governed call that found every agent thread busy. */
    static PastCapSend whole(VertxCall call, byte[] body) {
        return open(new PastCapSend(false, body.length, call), body);
    }

    private static PastCapSend open(PastCapSend send, byte[] held) {
        VertxCall call = send.call;
        if (held.length > 0) {
            send.write(Buffer.buffer(held));
        }
        VertxBinding.INSTANCE.takeHeader(call, RouteHeader.NAME); // the agent's own: never sent
        RequestOptions options = call.optionsCopy().setHeaders(call.headers());
        try (AttemptGuard.Scope ours = AttemptGuard.enter()) {
            call.client().request(options).onComplete(send::connected);
        }
        call.onAbandon(send::reset);
        return send;
    }

    synchronized void write(Buffer chunk) {
        if (request == null) {
            pending.add(chunk);
        } else {
            request.write(chunk);
        }
    }

    synchronized void end() {
        ended = true;
        if (request != null) {
            request.end();
        }
    }

    /** The head of the one response, as it comes. */
    CompletableFuture<NativeResponse<HttpClientResponse>> head() {
        return head;
    }

    /** Waits, on an agent thread, for the head of the one response. */
    NativeResponse<HttpClientResponse> awaitHead() throws IOException {
        return VertxAttempt.await(call, head, head, null, this::reset, null);
    }

    private synchronized void connected(AsyncResult<HttpClientRequest> connecting) {
        if (connecting.failed()) {
            head.completeExceptionally(connecting.cause());
            return;
        }
        request = connecting.result();
        call.appRequest().redirectsAsSetOn(request);
        if (wholeLength >= 0 && !chunked) {
            request.putHeader(HttpHeaders.CONTENT_LENGTH, String.valueOf(wholeLength));
        } else if (chunked || !request.headers().contains(HttpHeaders.CONTENT_LENGTH)) {
            request.setChunked(true);
        }
        request.response().onComplete(answered -> {
            if (answered.failed()) {
                head.completeExceptionally(answered.cause());
            } else {
                head.complete(VertxAttempt.received(answered.result(), call::abandoned, null));
            }
        });
        Buffer chunk;
        while ((chunk = pending.poll()) != null) {
            request.write(chunk);
        }
        if (ended) {
            request.end();
        }
    }

    private synchronized void reset() {
        if (request != null) {
            request.reset();
        }
        head.thenAccept(NativeResponse::close);
    }
}
