package io.llmfailover.agent.client.reactornetty;

import io.llmfailover.agent.lifecycle.AbandonableBody;
import io.llmfailover.agent.lifecycle.AppWait;
import io.llmfailover.agent.lifecycle.ArrivingBody;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmResponse;
import java.io.InputStream;
import java.util.Map;
import reactor.netty.Connection;
import reactor.netty.channel.ChannelOperations;
import reactor.netty.http.client.HttpClientResponse;

/**
 * One attempt's response, seen by the runtime: its head, and its connection, whose body is
 * subscribed only when the runtime reads it; a read that fails because the app gave up (it
 * cancelled, or its own timeout expired) is the app's, not the provider's. Closing or aborting
 * cancels or discards the body, which never blocks; a response handed to the app is the app's to
 * release.
 */
final class AttemptResponse implements LlmResponse {

    private final HttpClientResponse response;
    private final Connection connection;
    private final AppWait app;
    private final HttpHeaders headers;
    private ArrivingBody body;
    private InputStream read;
    private boolean handedOver;

    AttemptResponse(HttpClientResponse response, Connection connection, AppWait app) {
        this.response = response;
        this.connection = connection;
        this.app = app;
        HttpHeaders.Builder neutral = HttpHeaders.builder();
        for (Map.Entry<String, String> header : response.responseHeaders()) {
            neutral.add(header.getKey(), header.getValue());
        }
        this.headers = neutral.build();
    }

    /** The native response and connection, whose body the app now reads and releases itself. */
    synchronized Chosen handOver() {
        handedOver = true;
        return Chosen.own(response, connection);
    }

    @Override
    public int status() {
        return response.status().code();
    }

    @Override
    public HttpHeaders headers() {
        return headers;
    }

    @Override
    public synchronized InputStream body() {
        if (body == null) {
            body = InboundBody.of(connection.inbound().receive());
            read = AbandonableBody.of(body, app);
        }
        return read;
    }

    @Override
    public synchronized void close() {
        if (!handedOver) {
            release();
        }
    }

    /** Releases the connection, handed over or not: the app cancelled before it got the response. */
    synchronized void release() {
        if (body != null) {
            body.close();
        } else {
            discard(connection);
        }
    }

    /** Drops a body nobody reads, as Reactor Netty does when a response function ends. */
    static void discard(Connection connection) {
        if (connection instanceof ChannelOperations<?, ?> operations) {
            if (!operations.isInboundDisposed()) {
                operations.discard();
            }
        } else {
            connection.dispose();
        }
    }
}
