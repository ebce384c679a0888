package io.llmfailover.runtime.state.redis;

import io.llmfailover.runtime.time.AgentThread;
import java.util.concurrent.BlockingDeque;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import redis.clients.jedis.Connection;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;

/**
 * The one thread that tells Redis what this instance learned, so that no caller waits for it. Its
 * queue is bounded: when full, the oldest write is dropped (and counted), the newest being the most
 * telling. While Redis is unreachable it keeps the queue and pings, backing off up to a second;
 * when Redis answers, it marks it reachable again and sends what waited.
 */
final class RedisWriter implements AutoCloseable {

    static final int CAPACITY = 1024;
    private static final long MAX_BACKOFF_MILLIS = 1000;
    /** How long a stopping instance waits for its last writes to reach Redis. */
    private static final long FLUSH_MILLIS = 500;

    private final RedisConnections redis;
    private final RedisReachability reachability;
    private final BlockingDeque<Consumer<Connection>> writes = new LinkedBlockingDeque<>(CAPACITY);
    private final AtomicLong dropped = new AtomicLong();
    private final Thread thread;
    private volatile boolean running = true;

    RedisWriter(RedisConnections redis, RedisReachability reachability) {
        this.redis = redis;
        this.reachability = reachability;
        this.thread = AgentThread.daemon("llm-failover-redis-writer", this::run);
        thread.start();
    }

    void submit(Consumer<Connection> write) {
        while (!writes.offer(write)) {
            if (writes.poll() != null) {
                dropped.incrementAndGet();
            }
        }
    }

    /**
     * Waits, at most {@code millis}, for what is queued to reach Redis: what an instance learnt just
     * before it stops still reaches the fleet. At once when Redis is away.
     */
    void flush(long millis) {
        long giveUp = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        while (!writes.isEmpty() && reachability.reachable() && System.nanoTime() < giveUp) {
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    long dropped() {
        return dropped.get();
    }

    private void run() {
        long backoffMillis = 10;
        warmUp();
        while (running) {
            try {
                if (!reachability.reachable()) {
                    backoffMillis = reconnect(backoffMillis);
                    continue;
                }
                backoffMillis = 10;
                Consumer<Connection> write = writes.poll(100, TimeUnit.MILLISECONDS);
                if (write != null) {
                    send(write);
                }
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                // Never let the writer die: the next write may succeed.
            }
        }
    }

    private void send(Consumer<Connection> write) {
        try {
            redis.roundTrip(connection -> {
                write.accept(connection);
                return null;
            });
        } catch (JedisDataException e) {
            // Redis answered, refusing the write (a bug, not an outage): it is lost, the thread goes on.
        } catch (RedisBusyException e) {
            again(write); // the callers had every connection: Redis is there, the write waits its turn
        } catch (JedisException e) {
            reachability.failed(e);
            again(write);
        }
    }

    /** Opens the connections the calls will use before they need them; a failure shows at their first round trip. */
    private void warmUp() {
        try {
            redis.warmUp();
        } catch (JedisException e) {
            // Not reachable yet: the first round trip says so, and this thread then reconnects.
        }
    }

    /** First again, so that an opening and the closing after it still reach Redis in order. */
    private void again(Consumer<Connection> write) {
        if (!writes.offerFirst(write)) {
            dropped.incrementAndGet();
        }
    }

    /** Forgets the connections an outage left broken, so that the first calls after it do not fail on them. */
    private long reconnect(long backoffMillis) throws InterruptedException {
        try {
            redis.dropIdle();
            redis.roundTrip(Connection::ping);
            redis.warmUp();
            reachability.answered();
            return backoffMillis;
        } catch (JedisException e) {
            Thread.sleep(backoffMillis);
            return Math.min(MAX_BACKOFF_MILLIS, backoffMillis * 2);
        }
    }

    @Override
    public void close() {
        flush(FLUSH_MILLIS);
        running = false;
        thread.interrupt();
        try {
            thread.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
