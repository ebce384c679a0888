package io.llmfailover.runtime.state.redis;

import io.llmfailover.runtime.AgentThread;
import io.llmfailover.runtime.state.fleet.FleetListener;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.Connection;
import redis.clients.jedis.JedisPubSub;
import redis.clients.jedis.Response;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * The thread that listens to the fleet's channel on a connection of its own. On every
 * (re)connection, once subscribed (so that nothing published meanwhile is missed), it first delivers
 * the state in force: the silences and openings whose moment is still ahead. When the connection
 * breaks it reconnects, backing off up to a second.
 */
final class RedisSubscriber implements AutoCloseable {

    private static final long MAX_BACKOFF_MILLIS = 1000;
    private static final int SCAN_BATCH = 200;

    private final RedisEndpoint endpoint;
    private final UnifiedJedis redis;
    private final FleetKeys keys;
    private final String origin;
    private final RedisReachability reachability;
    private final FleetListener listener;
    private final Runnable dropIdleConnections;
    private final Thread thread;
    private volatile boolean running = true;
    /** Counted down once the first connection has replayed the state in force, or failed to. */
    private final CountDownLatch firstAttempt = new CountDownLatch(1);
    private volatile Connection connection;
    private volatile Channel channel;

    RedisSubscriber(RedisEndpoint endpoint, UnifiedJedis redis, FleetKeys keys, String origin,
            RedisReachability reachability, FleetListener listener, Runnable dropIdleConnections) {
        this.endpoint = endpoint;
        this.redis = redis;
        this.keys = keys;
        this.origin = origin;
        this.reachability = reachability;
        this.listener = listener;
        this.dropIdleConnections = dropIdleConnections;
        this.thread = AgentThread.daemon("llm-failover-redis-subscriber", this::run);
        thread.start();
    }

    private void run() {
        long backoffMillis = 10;
        while (running) {
            Channel subscription = new Channel();
            channel = subscription;
            try (Connection opened = new Connection(endpoint.address(), endpoint.subscriptionConfig())) {
                connection = opened;
                subscription.proceed(opened, keys.events());
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

    /** Every silence and opening still in force, with the time it has left as the server counts it (PTTL). */
    private void deliverStateInForce() {
        deliverInForce(FleetKeys.SILENCE, listener::silenced);
        deliverInForce(FleetKeys.OPEN, listener::opened);
    }

    private void deliverInForce(String kind, BiConsumer<String, Long> deliver) {
        ScanParams params = new ScanParams().match(keys.patternFor(kind)).count(SCAN_BATCH);
        String cursor = ScanParams.SCAN_POINTER_START;
        do {
            ScanResult<String> page = redis.scan(cursor, params);
            List<String> named = new ArrayList<>();
            for (String key : page.getResult()) {
                if (FleetMessage.isName(keys.nameIn(key, kind))) {
                    named.add(key);
                }
            }
            List<Long> millisLeft = millisLeft(named);
            for (int i = 0; i < named.size(); i++) {
                if (millisLeft.get(i) > 0) {
                    deliver.accept(keys.nameIn(named.get(i), kind), millisLeft.get(i));
                }
            }
            cursor = page.getCursor();
        } while (!ScanParams.SCAN_POINTER_START.equals(cursor));
    }

    /** Each key's time left, in one round trip: -1 for a key without an expiry (no version writes one), -2 for one gone. */
    private List<Long> millisLeft(List<String> keysOfPage) {
        List<Response<Long>> answers = new ArrayList<>(keysOfPage.size());
        try (AbstractPipeline pipeline = redis.pipelined()) {
            keysOfPage.forEach(key -> answers.add(pipeline.pttl(key)));
            pipeline.sync();
        }
        List<Long> millis = new ArrayList<>(answers.size());
        answers.forEach(answer -> millis.add(answer.get()));
        return millis;
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
        Channel subscribed = channel;
        Connection open = connection;
        try {
            if (subscribed != null && subscribed.isSubscribed()) {
                subscribed.unsubscribe();
            }
        } catch (RuntimeException e) {
            // Closing the connection below ends the subscription anyway.
        }
        try {
            if (open != null) {
                open.close();
            }
        } catch (RuntimeException e) {
            // Already broken: nothing left to close.
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

        private volatile boolean replayed;

        /** Without the state in force the subscription is of little use: leave, and try again later. */
        @Override
        public void onSubscribe(String name, int subscribedChannels) {
            try {
                dropIdleConnections.run();
                deliverStateInForce();
                replayed = true;
                firstAttempt.countDown();
                reachability.answered();
            } catch (JedisException e) {
                reachability.failed(e);
                unsubscribe();
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
