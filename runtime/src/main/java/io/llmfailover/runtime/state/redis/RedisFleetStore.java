package io.llmfailover.runtime.state.redis;

import io.llmfailover.runtime.config.FleetSettings;
import io.llmfailover.runtime.log.OnceLogger;
import io.llmfailover.runtime.state.fleet.FleetListener;
import io.llmfailover.runtime.state.fleet.FleetStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.LongSupplier;
import redis.clients.jedis.ConnectionPoolConfig;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;

/**
 * The fleet's shared state in Redis. Quota buckets, silences, openings and probes are each changed
 * by one Lua script, atomically, on the server's clock; what is only told goes through
 * {@link RedisWriter}; what others tell arrives through {@link RedisSubscriber}. Once Redis fails to
 * answer, calls get {@link #UNAVAILABLE} at once, without a round trip, until it answers again.
 */
public final class RedisFleetStore implements FleetStore {

    private static final int POOL_SIZE = 8;
    /** The most an instance's start waits to learn what the fleet has in force. */
    private static final long FIRST_REPLAY_MILLIS = 1000;

    private static final LuaScript BUCKETS = LuaScript.load("buckets.lua");
    private static final LuaScript EXTEND = LuaScript.load("extend.lua");
    private static final LuaScript CLOSE = LuaScript.load("close.lua");
    private static final LuaScript PROBE = LuaScript.load("probe.lua");

    private final RedisEndpoint endpoint;
    private final FleetKeys keys;
    private final String origin = UUID.randomUUID().toString();
    private final RedisClient redis;
    private final RedisReachability reachability;
    private final RedisWriter writer;
    private final RedisHeartbeat heartbeat;
    private volatile RedisSubscriber subscriber;

    public RedisFleetStore(FleetSettings settings) {
        this.endpoint = RedisEndpoint.of(settings);
        this.keys = new FleetKeys(settings.prefix());
        this.redis = RedisClient.builder()
                .hostAndPort(endpoint.address())
                .clientConfig(endpoint.commandConfig())
                .poolConfig(poolConfig(settings.timeout()))
                .build();
        this.reachability = new RedisReachability(settings.redactedUrl(), endpoint.password());
        this.writer = new RedisWriter(redis, reachability, this::dropIdleConnections);
        this.heartbeat = new RedisHeartbeat(redis, reachability, keys, origin);
    }

    private static ConnectionPoolConfig poolConfig(Duration timeout) {
        ConnectionPoolConfig pool = new ConnectionPoolConfig();
        pool.setMaxTotal(POOL_SIZE);
        pool.setMaxIdle(POOL_SIZE);
        pool.setMinIdle(0);
        pool.setMaxWait(timeout);
        pool.setJmxEnabled(false);
        return pool;
    }

    @Override
    public long tryTake(String[] buckets, double[] amounts, double[] capacities, double[] perSecond) {
        return ask(() -> (Long) BUCKETS.run(redis, bucketKeys(buckets), bucketArgs(buckets, amounts, 1, capacities,
                perSecond)) * 1000);
    }

    /** One round trip, or {@link #UNAVAILABLE} at once while Redis is away, or when it fails to answer. */
    private long ask(LongSupplier question) {
        if (!reachability.reachable()) {
            return UNAVAILABLE;
        }
        try {
            return question.getAsLong();
        } catch (JedisDataException refused) {
            // Redis answered, refusing (a key of the wrong type, a script error): not an outage.
            return UNAVAILABLE;
        } catch (JedisException e) {
            reachability.failed(e);
            return UNAVAILABLE;
        } catch (RuntimeException e) {
            OnceLogger.internalFailure("asking Redis", e);
            return UNAVAILABLE;
        }
    }

    @Override
    public void giveBack(String[] buckets, double[] amounts, double[] capacities, double[] perSecond) {
        try {
            List<String> bucketKeys = bucketKeys(buckets);
            List<String> args = bucketArgs(buckets, amounts, -1, capacities, perSecond);
            writer.submit(redis -> BUCKETS.run(redis, bucketKeys, args));
        } catch (RuntimeException e) {
            OnceLogger.internalFailure("giving back to Redis", e);
        }
    }

    @Override
    public void publishSilence(String throttle, long millis) {
        extend(keys.silence(throttle), FleetMessage.Kind.SILENCE, throttle, millis);
    }

    @Override
    public void publishOpened(String breaker, long millis) {
        extend(keys.open(breaker), FleetMessage.Kind.OPENED, breaker, millis);
    }

    /** The script sets the end on the server's clock and tells the fleet the time left as the server counts it. */
    private void extend(String key, FleetMessage.Kind kind, String name, long millis) {
        if (millis > 0 && FleetMessage.isName(name)) {
            List<String> args = List.of(Long.toString(millis), keys.events(), FleetMessage.head(origin, kind), name);
            writer.submit(redis -> EXTEND.run(redis, List.of(key), args));
        }
    }

    @Override
    public void publishClosed(String breaker) {
        if (FleetMessage.isName(breaker)) {
            List<String> breakerKeys = List.of(keys.open(breaker), keys.probes(breaker));
            FleetMessage message = new FleetMessage(origin, FleetMessage.Kind.CLOSED, 0, breaker);
            List<String> args = List.of(keys.events(), message.encode());
            writer.submit(redis -> CLOSE.run(redis, breakerKeys, args));
        }
    }

    @Override
    public long tryTakeProbe(String breaker, int probes, long windowMillis) {
        List<String> args = List.of(Integer.toString(probes), Long.toString(Math.max(1, windowMillis)));
        return ask(() -> (Long) PROBE.run(redis, List.of(keys.probes(breaker)), args));
    }

    @Override
    public int instances() {
        return heartbeat.instances();
    }

    /** Returns once the state in force was delivered, Redis could not be reached, or a second passed. */
    @Override
    public synchronized void subscribe(FleetListener listener) {
        if (subscriber == null) {
            subscriber = new RedisSubscriber(endpoint, redis, keys, origin, reachability, listener,
                    this::dropIdleConnections);
            subscriber.awaitFirstReplay(FIRST_REPLAY_MILLIS);
            heartbeat.beat();
        }
    }

    /** How many writes a full queue dropped since this store started. */
    long droppedWrites() {
        return writer.dropped();
    }

    private void dropIdleConnections() {
        redis.getPool().clear();
    }

    private List<String> bucketKeys(String[] buckets) {
        List<String> bucketKeys = new ArrayList<>(buckets.length);
        for (String bucket : buckets) {
            bucketKeys.add(keys.bucket(bucket));
        }
        return bucketKeys;
    }

    /** @param sign 1 to take the amounts, -1 to give them back */
    private static List<String> bucketArgs(String[] buckets, double[] amounts, int sign, double[] capacities,
            double[] perSecond) {
        List<String> args = new ArrayList<>(buckets.length * 3);
        for (int i = 0; i < buckets.length; i++) {
            args.add(Double.toString(sign * amounts[i]));
            args.add(Double.toString(capacities[i]));
            args.add(Double.toString(perSecond[i]));
        }
        return args;
    }

    @Override
    public void close() {
        RedisSubscriber listening = subscriber;
        if (listening != null) {
            listening.close();
        }
        heartbeat.close();
        writer.close();
        try {
            redis.close();
        } catch (RuntimeException e) {
            // Its connections are gone with Redis: nothing left to release.
        }
    }

    @Override
    public String toString() {
        return "RedisFleetStore[" + endpoint + ", " + keys + "]";
    }
}
