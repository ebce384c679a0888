package io.llmfailover.agent.client.reactornetty;

import io.llmfailover.agent.lifecycle.reactive.RelayedBody;
import io.llmfailover.runtime.contract.LlmResponse;
import io.netty.buffer.Unpooled;
import reactor.core.scheduler.Scheduler;
import reactor.netty.ByteBufFlux;
import reactor.netty.Connection;
import reactor.netty.channel.ChannelOperations;
import reactor.netty.http.client.HttpClientResponse;

/**
 * What the app's response function is given for a governed call: the native response and
 * connection of the attempt that answered the app's own request, or a response relayed from the
 * runtime's answer; or, when the agent let the call go ahead as if it were absent, nothing but the
 * instruction to subscribe to the app's own publisher.
 */
final class Chosen {

    static final Chosen PROCEED = new Chosen(null, null, null, null);

    private final HttpClientResponse response;
    private final Connection connection;
    private final ByteBufFlux body;
    private final Runnable finish;

    private Chosen(HttpClientResponse response, Connection connection, ByteBufFlux body, Runnable finish) {
        this.response = response;
        this.connection = connection;
        this.body = body;
        this.finish = finish;
    }

    static Chosen own(HttpClientResponse response, Connection connection) {
        return new Chosen(response, connection, connection.inbound().receive(), () -> discard(connection));
    }

    static Chosen relayed(LlmResponse answer, AppRequest request, Scheduler readers) {
        ByteBufFlux body = ByteBufFlux.fromInbound(RelayedBody.of(answer, readers).map(Unpooled::wrappedBuffer));
        HttpClientResponse response = new RelayedHttpClientResponse(answer, request);
        Connection connection = new RelayedConnection(body, answer);
        return new Chosen(response, connection, body, answer::close);
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

    /** True when the app's own publisher runs instead: the agent let the call go. */
    boolean proceeds() {
        return this == PROCEED;
    }

    HttpClientResponse response() {
        return response;
    }

    Connection connection() {
        return connection;
    }

    ByteBufFlux body() {
        return body;
    }

    /** The head alone, its body dropped, as {@code response()} gives it. */
    HttpClientResponse headOnly() {
        finish();
        return response;
    }

    /** Drops what the app's function left of the body, as Reactor Netty does when that function ends. */
    void finish() {
        if (finish != null) {
            finish.run();
        }
    }
}
