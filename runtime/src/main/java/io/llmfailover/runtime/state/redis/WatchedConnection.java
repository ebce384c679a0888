package io.llmfailover.runtime.state.redis;

import redis.clients.jedis.Connection;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.Protocol;

/**
 * A connection to Redis whose plain socket is its own ({@link RedisSocket}): each round trip bounds
 * its reads by the round trip's deadline, and a keepalive can cut it from another thread, TLS or not.
 */
final class WatchedConnection extends Connection {

    private final RedisSocket socket;

    WatchedConnection(RedisSocket socket, JedisClientConfig config) {
        super(socket, config);
        this.socket = socket;
    }

    /** Every read of the round trip that begins ends by {@code deadlineNanos}. */
    void boundBy(long deadlineNanos) {
        socket.plain().boundBy(deadlineNanos);
    }

    /** Reads wait as the connection's own timeout says (the subscription's, once set up). */
    void unbound() {
        socket.plain().unbound();
    }

    /**
     * Sends a PING on a subscribed connection without waiting: its pong is read with the messages,
     * and a read that waits longer than the connection's read timeout breaks it. Only the keepalive
     * writes on a subscription, so no write interleaves with this one.
     */
    void sendPing() {
        sendCommand(Protocol.Command.PING);
        flush();
    }

    /** Breaks the connection at once, from any thread. */
    void cut() {
        setBroken();
        socket.close();
    }
}
