package io.llmfailover.agent.client.reactornetty;

import io.llmfailover.agent.lifecycle.AbandonableBody;
import io.llmfailover.agent.lifecycle.AppWait;
import io.llmfailover.agent.lifecycle.HeadDeadlineWait;
import io.llmfailover.agent.lifecycle.NativeResponse;
import io.llmfailover.runtime.contract.AttemptRequest;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.contract.Transport;
import io.netty.handler.codec.http.HttpMethod;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import reactor.core.publisher.Mono;
import reactor.netty.Connection;
import reactor.netty.http.client.HttpClient;
import reactor.netty.http.client.HttpClientResponse;

/**
 * Sends each attempt through a copy of the app's own client (its pool, TLS, proxy, timeouts and
 * hooks), reconfigured with the attempt's headers, URI and body and the response timeout the app
 * set on its request, in the Reactor context the app subscribed with, and never following a
 * rewritten attempt's redirect; then waits, on the agent thread, for the head. Assembled on that
 * thread, inside the lifecycle's mark, the attempt is left alone by the adapter's own hook.
 */
final class HttpClientTransport implements Transport {

    private final ReactorNettyCall call;

    HttpClientTransport(ReactorNettyCall call) {
        this.call = call;
    }

    @Override
    public LlmResponse send(AttemptRequest attempt) throws IOException {
        if (call.appWait().abandoned()) {
            throw HeadDeadlineWait.abandonedByApp(); // no attempt starts once the app has gone
        }
        LlmRequest request = attempt.request();
        HttpHeaders headers = attempt.original() ? withAdded(call.capturedHeaders(), attempt.addedHeaders()) : request.headers();
        byte[] body = request.body();
        HttpClient copy = call.client().headers(sent -> {
            sent.clear();
            headers.forEach(sent::add);
        });
        if (!attempt.original()) {
            // Following a rewritten attempt's redirect would carry its key and the prompt to a host the app never addressed.
            copy = copy.followRedirect(false);
        }
        Duration ownResponseTimeout = call.ownResponseTimeout();
        if (ownResponseTimeout != null) {
            copy = copy.responseTimeout(ownResponseTimeout);
        }
        Mono<NativeResponse<Chosen>> head = copy.request(HttpMethod.valueOf(request.method()))
                .uri(request.uri())
                .send((nativeRequest, outbound) -> {
                    attempt.written().report(); // the connection is in hand: the provider's deadlines count from here
                    return body.length == 0 ? outbound : outbound.sendByteArray(Mono.just(body));
                })
                .responseConnection((response, connection) -> Mono.just(received(response, connection, call.appWait())))
                .next()
                .contextWrite(call.appContext());
        NativeResponse<Chosen> response = HeadDeadlineWait.await(head.toFuture(), attempt.headDeadline(), attempt.written(),
                call.appWait(), NativeResponse::letGo);
        call.appWait().onAbandon(response::letGo);
        if (call.appWait().abandoned()) {
            throw HeadDeadlineWait.abandonedByApp();
        }
        return response;
    }

    /**
     * One attempt's response, seen by the runtime: its head, and its connection, whose body is
     * subscribed only when the runtime reads it; a read that fails because the app gave up (it
     * cancelled, or its own timeout expired) is the app's, not the provider's. Closing or aborting
     * cancels the body, or discards it when it was never read, which never blocks; a response handed
     * over to the app, with its connection, is the app's to release.
     */
    private static NativeResponse<Chosen> received(HttpClientResponse response, Connection connection, AppWait app) {
        HttpHeaders.Builder headers = HttpHeaders.builder();
        for (Map.Entry<String, String> header : response.responseHeaders()) {
            headers.add(header.getKey(), header.getValue());
        }
        return NativeResponse.opening(Chosen.own(response, connection), response.status().code(), headers.build(),
                () -> AbandonableBody.of(InboundBody.of(connection.inbound().receive()), app))
                .closedUnopenedBy(() -> Chosen.discard(connection));
    }

    private static HttpHeaders withAdded(HttpHeaders captured, HttpHeaders added) {
        HttpHeaders.Builder all = captured.toBuilder();
        added.forEach(all::add);
        return all.build();
    }
}
