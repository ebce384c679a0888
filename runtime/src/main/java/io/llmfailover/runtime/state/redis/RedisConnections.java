package io.llmfailover.runtime.state.redis;

import java.util.Deque;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import java.util.function.Supplier;
import javax.net.ssl.SSLSocketFactory;
import redis.clients.jedis.CommandObjects;
import redis.clients.jedis.Connection;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisException;

/**
 * The connections to Redis, and the one rule they keep: {@code state.redis.timeout} bounds each
 * round trip whole, from asking for a connection to the last byte of the answer, connecting
 * included. A caller that finds every connection in use queues, fairly, within that time; past it,
 * it is told so ({@link RedisBusyException}, counted), which is not Redis being away; so is one
 * whose turn came so late (past a quarter of the timeout) that Redis had too little of it left to
 * answer. Every read of a round trip waits at most what is left of its deadline
 * ({@link DeadlineSocket}); a round trip that outlasts it otherwise fails, counted as timed out.
 */
final class RedisConnections implements AutoCloseable {

    /** As many as the instance's threads asking at once need, given round trips of well under the timeout. */
    static final int SIZE = 8;
    private static final long WARM_UP_MILLIS = 1000;
    /** Makes the commands a connection runs; holds no state of a connection's. */
    static final CommandObjects COMMANDS = new CommandObjects();

    private final RedisEndpoint endpoint;
    private final Supplier<SSLSocketFactory> tls;
    private final long timeoutNanos;
    private final Semaphore free = new Semaphore(SIZE, true);
    private final Deque<WatchedConnection> idle = new ConcurrentLinkedDeque<>();
    private final LongAdder busy = new LongAdder();
    private final LongAdder timedOut = new LongAdder();
    private volatile boolean closed;

    RedisConnections(RedisEndpoint endpoint, Supplier<SSLSocketFactory> tls) {
        this.endpoint = endpoint;
        this.tls = tls;
        this.timeoutNanos = TimeUnit.MILLISECONDS.toNanos(endpoint.timeoutMillis());
    }

    /**
     * Runs {@code commands} on a connection, within the timeout.
     *
     * @throws RedisBusyException when no connection was free in time
     * @throws JedisException when Redis did not answer in time, could not be reached, or refused
     */
    <T> T roundTrip(Function<Connection, T> commands) {
        long startedNanos = System.nanoTime();
        long deadlineNanos = startedNanos + timeoutNanos;
        takeTurn();
        boolean lateTurn = System.nanoTime() - startedNanos > timeoutNanos / 4;
        WatchedConnection connection = null;
        boolean reusable = false;
        try {
            connection = idle.pollFirst();
            if (connection == null) {
                connection = open(deadlineNanos, endpoint.commandConfig());
            } else {
                connection.boundBy(deadlineNanos);
            }
            T answer = commands.apply(connection);
            reusable = !connection.isBroken();
            return answer;
        } catch (JedisException e) {
            if (System.nanoTime() - deadlineNanos < 0) {
                throw e;
            }
            // Out of time: Redis's fault only if it had the time; a turn that came late is the askers' number.
            throw lateTurn ? refusedForBusy() : timedOut(e);
        } finally {
            giveBack(connection, reusable);
            free.release();
        }
    }

    /**
     * A connection of its own for the subscription: set up (connect, TLS, AUTH, SELECT) within the
     * timeout; then each of its reads may wait {@code readTimeoutMillis}, what the keepalive allows.
     */
    WatchedConnection openSubscription(int readTimeoutMillis) {
        long deadlineNanos = System.nanoTime() + timeoutNanos;
        try {
            WatchedConnection connection = open(deadlineNanos, endpoint.subscriptionConfig(readTimeoutMillis));
            connection.unbound();
            return connection;
        } catch (JedisException e) {
            throw System.nanoTime() - deadlineNanos >= 0 ? timedOut(e) : e;
        }
    }

    /**
     * Opens every connection a caller may take, off the callers' path and with up to
     * {@value #WARM_UP_MILLIS} ms each (a JVM's first TLS handshake alone may take longer than a call
     * may wait): so that a call's round trip is, nearly always, the command alone.
     */
    void warmUp() {
        for (int opened = idle.size(); opened < SIZE && free.tryAcquire(); opened++) {
            try {
                long budget = Math.max(timeoutNanos, TimeUnit.MILLISECONDS.toNanos(WARM_UP_MILLIS));
                idle.offerLast(open(System.nanoTime() + budget, endpoint.commandConfig()));
            } finally {
                free.release();
            }
        }
    }

    /** Forgets the idle connections an outage may have left broken. */
    void dropIdle() {
        WatchedConnection connection;
        while ((connection = idle.pollFirst()) != null) {
            connection.cut();
        }
    }

    /** How many askers found every connection in use until their deadline. */
    long busy() {
        return busy.sum();
    }

    /** How many round trips Redis did not finish within the timeout. */
    long timedOut() {
        return timedOut.sum();
    }

    @Override
    public void close() {
        closed = true;
        dropIdle();
    }

    /** Waits for a free connection, in the order the askers came, within the timeout. */
    private void takeTurn() {
        try {
            if (free.tryAcquire(timeoutNanos, TimeUnit.NANOSECONDS)) {
                return;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        throw refusedForBusy();
    }

    private RedisBusyException refusedForBusy() {
        busy.increment();
        return new RedisBusyException(SIZE, endpoint.timeoutMillis());
    }

    private WatchedConnection open(long deadlineNanos, JedisClientConfig config) {
        return new WatchedConnection(new RedisSocket(endpoint, tls, deadlineNanos), config);
    }

    private void giveBack(WatchedConnection connection, boolean reusable) {
        if (connection == null) {
            return;
        }
        if (reusable && !closed) {
            idle.offerFirst(connection);
        } else {
            connection.cut();
        }
    }

    private JedisConnectionException timedOut(JedisException cause) {
        timedOut.increment();
        return new JedisConnectionException("no answer within " + endpoint.timeoutMillis() + " ms (state.redis.timeout)",
                cause);
    }
}
