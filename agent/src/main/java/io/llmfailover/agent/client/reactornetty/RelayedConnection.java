package io.llmfailover.agent.client.reactornetty;

import io.llmfailover.runtime.contract.LlmResponse;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.function.Consumer;
import reactor.core.publisher.Flux;
import reactor.netty.ByteBufFlux;
import reactor.netty.Connection;
import reactor.netty.NettyInbound;

/**
 * What {@code responseConnection} gives the app for an answer the runtime made or watches: its
 * inbound is the answer's body; its channel, for code that runs tasks on the connection's event
 * loop, is an embedded one that touches no socket; disposing it closes the answer.
 */
final class RelayedConnection implements Connection, NettyInbound {

    private final ByteBufFlux body;
    private final LlmResponse answer;
    private final EmbeddedChannel channel = new EmbeddedChannel();
    private volatile boolean disposed;

    RelayedConnection(ByteBufFlux body, LlmResponse answer) {
        this.body = body;
        this.answer = answer;
    }

    @Override
    public Channel channel() {
        return channel;
    }

    @Override
    public NettyInbound inbound() {
        return this;
    }

    @Override
    public ByteBufFlux receive() {
        return body;
    }

    @Override
    public Flux<?> receiveObject() {
        return body;
    }

    @Override
    public NettyInbound withConnection(Consumer<? super Connection> withConnection) {
        withConnection.accept(this);
        return this;
    }

    /** No socket is read: a handler the app adds for one (a read timeout) has nothing to watch. */
    @Override
    public Connection addHandlerLast(String name, ChannelHandler handler) {
        return this;
    }

    @Override
    public Connection addHandlerFirst(String name, ChannelHandler handler) {
        return this;
    }

    @Override
    public Connection removeHandler(String name) {
        return this;
    }

    @Override
    public Connection onReadIdle(long idleTimeout, Runnable onReadIdle) {
        return this;
    }

    @Override
    public Connection onWriteIdle(long idleTimeout, Runnable onWriteIdle) {
        return this;
    }

    @Override
    public void dispose() {
        disposed = true;
        answer.close();
        channel.close();
    }

    @Override
    public boolean isDisposed() {
        return disposed;
    }
}
