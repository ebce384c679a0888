package io.llmfailover.runtime.state.redis;

import io.llmfailover.runtime.time.AgentThread;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import redis.clients.jedis.exceptions.JedisException;

/**
 * The thread that tells the fleet this instance is alive, every {@code beatEvery} (2 s), and learns
 * how many instances are: each holds its share of a key's concurrency limit. An instance silent for
 * three beats no longer counts. While Redis is away the count is 1: each instance then holds the
 * whole limit, as it would on its own. Before each beat it runs {@code alongside} (the
 * subscription's keepalive), so that the instance keeps one thread for both.
 */
final class RedisHeartbeat implements AutoCloseable {

    private static final LuaScript BEAT = LuaScript.load("heartbeat.lua");

    private final RedisConnections redis;
    private final RedisReachability reachability;
    private final List<String> keys;
    private final List<String> args;
    private final long everyMillis;
    private final Runnable alongside;
    private final AtomicInteger instances = new AtomicInteger(1);
    private final Thread thread;
    private volatile boolean running = true;

    RedisHeartbeat(RedisConnections redis, RedisReachability reachability, FleetKeys fleetKeys, String origin,
            Duration beatEvery, Runnable alongside) {
        this.redis = redis;
        this.reachability = reachability;
        this.everyMillis = Math.max(1, beatEvery.toMillis());
        this.alongside = alongside;
        this.keys = List.of(fleetKeys.instances());
        this.args = List.of(origin, Long.toString(3 * everyMillis));
        this.thread = AgentThread.daemon("llm-failover-redis-heartbeat", this::run);
        thread.start();
    }

    int instances() {
        return instances.get();
    }

    long everyMillis() {
        return everyMillis;
    }

    /** Beats once now, on the caller's thread: an instance that starts knows its fleet at once. */
    void beat() {
        if (!reachability.reachable()) {
            instances.set(1);
            return;
        }
        try {
            long alive = redis.roundTrip(connection -> (Long) BEAT.run(connection, keys, args));
            instances.set((int) Math.max(1, Math.min(Integer.MAX_VALUE, alive)));
        } catch (RedisBusyException e) {
            // Redis is there; the count stands until the next beat.
        } catch (JedisException e) {
            reachability.failed(e);
            instances.set(1);
        } catch (RuntimeException e) {
            instances.set(1);
        }
    }

    private void run() {
        while (running) {
            try {
                Thread.sleep(everyMillis);
            } catch (InterruptedException e) {
                return;
            }
            alongside.run();
            beat();
        }
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
        try {
            thread.join(TimeUnit.SECONDS.toMillis(1));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
