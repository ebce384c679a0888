package io.llmfailover.runtime.state.redis;

import io.llmfailover.runtime.AgentThread;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisException;

/**
 * The thread that tells the fleet this instance is alive, every {@value #EVERY_MILLIS} ms, and
 * learns how many instances are: each holds its share of a key's concurrency limit. An instance
 * silent for {@value #FORGOTTEN_AFTER_MILLIS} ms no longer counts. While Redis is away the count is 1:
 * each instance then holds the whole limit, as it would on its own.
 */
final class RedisHeartbeat implements AutoCloseable {

    static final long EVERY_MILLIS = 2000;
    static final long FORGOTTEN_AFTER_MILLIS = 3 * EVERY_MILLIS;
    private static final LuaScript BEAT = LuaScript.load("heartbeat.lua");

    private final UnifiedJedis redis;
    private final RedisReachability reachability;
    private final List<String> keys;
    private final List<String> args;
    private final AtomicInteger instances = new AtomicInteger(1);
    private final Thread thread;
    private volatile boolean running = true;

    RedisHeartbeat(UnifiedJedis redis, RedisReachability reachability, FleetKeys fleetKeys, String origin) {
        this.redis = redis;
        this.reachability = reachability;
        this.keys = List.of(fleetKeys.instances());
        this.args = List.of(origin, Long.toString(FORGOTTEN_AFTER_MILLIS));
        this.thread = AgentThread.daemon("llm-failover-redis-heartbeat", this::run);
        thread.start();
    }

    int instances() {
        return instances.get();
    }

    /** Beats once now, on the caller's thread: an instance that starts knows its fleet at once. */
    void beat() {
        if (!reachability.reachable()) {
            instances.set(1);
            return;
        }
        try {
            instances.set((int) Math.max(1, (Long) BEAT.run(redis, keys, args)));
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
                Thread.sleep(EVERY_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
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
