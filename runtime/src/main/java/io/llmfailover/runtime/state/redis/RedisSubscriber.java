package io.llmfailover.runtime.state.redis;

import io.llmfailover.runtime.state.fleet.FleetListener;
import io.llmfailover.runtime.time.AgentThread;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;
import redis.clients.jedis.Connection;
import redis.clients.jedis.JedisPubSub;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * The thread that listens to the fleet's channel on a connection of its own. On every
 * (re)connection, once subscribed (so that nothing published meanwhile is missed), it first delivers
 * the state in force: the silences and openings with the time each has left, as the server counts
 * it (PTTL). When the connection breaks it reconnects, backing off up to a second.
 *
 * <p>A subscription only reads, so a connection that died without a word (a half-open TCP
 * connection, a Redis paused) would look like a quiet fleet for hours: the heartbeat's thread
 * {@link #ping pings} it every beat, and a read that waits longer than {@code readTimeoutMillis}
 * (two beats and two timeouts) without a message or a pong breaks the connection, which is then
 * made again and replayed.
 */
final class RedisSubscriber implements AutoCloseable {

    private static final long MAX_BACKOFF_MILLIS = 1000;
    private static final int SCAN_BATCH = 200;

    private final RedisConnections redis;
    private final FleetKeys keys;
    private final String origin;
    private final RedisReachability reachability;
    private final FleetListener listener;
    private final int readTimeoutMillis;
    private final Thread thread;
    private final AtomicInteger subscriptions = new AtomicInteger();
    private volatile boolean running = true;
    /** Counted down once the first connection has replayed the state in force, or failed to. */
    private final CountDownLatch firstAttempt = new CountDownLatch(1);
    /** The subscribed connection, once it replayed; null between connections. */
    private volatile WatchedConnection subscribed;

    RedisSubscriber(RedisConnections redis, FleetKeys keys, String origin, RedisReachability reachability,
            FleetListener listener, int readTimeoutMillis) {
        this.redis = redis;
        this.keys = keys;
        this.origin = origin;
        this.reachability = reachability;
        this.listener = listener;
        this.readTimeoutMillis = readTimeoutMillis;
        this.thread = AgentThread.daemon("llm-failover-redis-subscriber", this::run);
        thread.start();
    }

    private void run() {
        long backoffMillis = 10;
        while (running) {
            Channel subscription = new Channel();
            try {
                WatchedConnection connection = redis.openSubscription(readTimeoutMillis);
                try {
                    subscription.connection = connection;
                    subscription.proceed(connection, keys.events());
                } finally {
                    subscribed = null;
                    connection.cut();
                }
            } catch (JedisException e) {
                // A lost subscription alone does not stop the calls: they find out for themselves.
            } catch (RuntimeException e) {
                // A listener's bug must not end the subscription: reconnect as after an outage.
            }
            firstAttempt.countDown();
            backoffMillis = pause(subscription.replayed ? 10 : backoffMillis);
        }
    }

    private long pause(long backoffMillis) {
        if (!running) {
            return backoffMillis;
        }
        try {
            Thread.sleep(backoffMillis);
        } catch (InterruptedException e) {
            running = false;
        }
        return Math.min(MAX_BACKOFF_MILLIS, backoffMillis * 2);
    }

    /** Sends a PING on the subscription, without waiting for its pong; breaks it if even that fails. */
    void ping() {
        WatchedConnection connection = subscribed;
        if (connection != null) {
            try {
                connection.sendPing();
            } catch (RuntimeException e) {
                connection.cut();
            }
        }
    }

    /** How many times a subscription was made and replayed what is in force. */
    int subscriptions() {
        return subscriptions.get();
    }

    /** Every silence and opening still in force, with the time it has left as the server counts it (PTTL). */
    private void deliverStateInForce() {
        deliverInForce(FleetKeys.SILENCE, listener::silenced);
        deliverInForce(FleetKeys.OPEN, listener::opened);
    }

    /** A page of keys at a time, each page one round trip for its SCAN and one for the time left of its keys. */
    private void deliverInForce(String kind, BiConsumer<String, Long> deliver) {
        ScanParams params = new ScanParams().match(keys.patternFor(kind)).count(SCAN_BATCH);
        String cursor = ScanParams.SCAN_POINTER_START;
        do {
            String at = cursor;
            ScanResult<String> page = redis.roundTrip(connection -> connection.executeCommand(RedisConnections.COMMANDS.scan(at, params)));
            List<String> named = new ArrayList<>();
            for (String key : page.getResult()) {
                if (FleetMessage.isName(keys.nameIn(key, kind))) {
                    named.add(key);
                }
            }
            List<Object> millisLeft = named.isEmpty() ? List.of() : redis.roundTrip(connection -> millisLeft(connection, named));
            for (int i = 0; i < named.size(); i++) {
                if (millisLeft.get(i) instanceof Long millis && millis > 0) {
                    deliver.accept(keys.nameIn(named.get(i), kind), millis);
                }
            }
            cursor = page.getCursor();
        } while (!ScanParams.SCAN_POINTER_START.equals(cursor));
    }

    /** Each key's time left, pipelined: -1 for a key without an expiry (no version writes one), -2 for one gone. */
    private static List<Object> millisLeft(Connection connection, List<String> keysOfPage) {
        for (String key : keysOfPage) {
            connection.sendCommand(Protocol.Command.PTTL, key);
        }
        return connection.getMany(keysOfPage.size());
    }

    /**
     * Waits, at most {@code millis}, for the state in force to be delivered, so that an instance's
     * first calls already know what the fleet knows; returns at once when Redis cannot be reached.
     */
    void awaitFirstReplay(long millis) {
        try {
            firstAttempt.await(millis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        running = false;
        WatchedConnection connection = subscribed;
        if (connection != null) {
            connection.cut(); // ends the subscription's read at once
        }
        thread.interrupt();
        try {
            thread.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The subscription of one connection. */
    private final class Channel extends JedisPubSub {

        private volatile WatchedConnection connection;
        private volatile boolean replayed;

        /** Without the state in force the subscription is of little use: leave, and try again later. */
        @Override
        public void onSubscribe(String name, int subscribedChannels) {
            try {
                redis.dropIdle();
                deliverStateInForce();
                replayed = true;
                subscriptions.incrementAndGet();
                subscribed = connection;
                firstAttempt.countDown();
                reachability.answered();
            } catch (RedisBusyException e) {
                connection.cut();
            } catch (JedisException e) {
                reachability.failed(e);
                connection.cut();
            }
        }

        @Override
        public void onMessage(String name, String text) {
            FleetMessage.decode(text)
                    .filter(message -> !message.origin().equals(origin))
                    .ifPresent(message -> message.deliverTo(listener));
        }
    }
}
