package io.llmfailover.runtime.state.redis;

import io.llmfailover.runtime.config.FleetSettings;
import io.llmfailover.runtime.log.OnceLogger;
import io.llmfailover.runtime.state.fleet.FleetListener;
import io.llmfailover.runtime.state.fleet.FleetStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;
import javax.net.ssl.SSLSocketFactory;
import redis.clients.jedis.Connection;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;

/**
 * The fleet's shared state in Redis. Quota buckets, silences, openings and probes are each changed
 * by one Lua script, atomically, on the server's clock; what is only told goes through
 * {@link RedisWriter}; what others tell arrives through {@link RedisSubscriber}. Every round trip
 * ends within {@code state.redis.timeout} ({@link RedisConnections}); once Redis fails to answer,
 * calls get {@link #UNAVAILABLE} at once, without a round trip, until it answers again. Callers
 * that find every connection in use within the timeout get {@link #UNAVAILABLE} too, counted, but
 * Redis stays reachable: it is answering, the instance asks more than it answers at once.
 */
public final class RedisFleetStore implements FleetStore {

    /** How often an instance beats, and pings its subscription. */
    static final Duration BEAT_EVERY = Duration.ofSeconds(2);
    /** The most an instance's start waits to learn what the fleet has in force. */
    private static final long FIRST_REPLAY_MILLIS = 1000;

    private static final LuaScript BUCKETS = LuaScript.load("buckets.lua");
    private static final LuaScript EXTEND = LuaScript.load("extend.lua");
    private static final LuaScript CLOSE = LuaScript.load("close.lua");
    private static final LuaScript PROBE = LuaScript.load("probe.lua");

    private final RedisEndpoint endpoint;
    private final FleetKeys keys;
    private final String origin = UUID.randomUUID().toString();
    private final RedisConnections redis;
    private final RedisReachability reachability;
    private final RedisWriter writer;
    private final RedisHeartbeat heartbeat;
    private volatile RedisSubscriber subscriber;

    /** TLS trusting what the JVM trusts ({@code javax.net.ssl.trustStore}, else its cacerts), made on first use. */
    public RedisFleetStore(FleetSettings settings) {
        this(settings, () -> (SSLSocketFactory) SSLSocketFactory.getDefault(), BEAT_EVERY);
    }

    /**
     * @param tls makes the TLS sockets of {@code rediss://}; asked for only then
     * @param beatEvery how often the instance beats and pings its subscription (tests shorten it)
     */
    RedisFleetStore(FleetSettings settings, Supplier<SSLSocketFactory> tls, Duration beatEvery) {
        this.endpoint = RedisEndpoint.of(settings);
        this.keys = new FleetKeys(settings.prefix());
        this.redis = new RedisConnections(endpoint, tls);
        this.reachability = new RedisReachability(settings.redactedUrl(), endpoint.password());
        this.writer = new RedisWriter(redis, reachability);
        this.heartbeat = new RedisHeartbeat(redis, reachability, keys, origin, beatEvery, this::keepSubscriptionAlive);
    }

    @Override
    public boolean reachable() {
        return reachability.reachable();
    }

    @Override
    public long tryTake(String[] buckets, double[] amounts, double[] capacities, double[] perSecond) {
        List<String> bucketKeys = bucketKeys(buckets);
        List<String> args = bucketArgs(buckets, amounts, 1, capacities, perSecond);
        return ask(connection -> (Long) BUCKETS.run(connection, bucketKeys, args) * 1000);
    }

    /**
     * One round trip, or {@link #UNAVAILABLE}: at once while Redis is away, or when it fails to
     * answer within the timeout, or no connection is free within it.
     */
    private long ask(ToLongFunction<Connection> question) {
        if (!reachability.reachable()) {
            return UNAVAILABLE;
        }
        try {
            return redis.roundTrip(connection -> question.applyAsLong(connection));
        } catch (RedisBusyException | JedisDataException answering) {
            // Redis answers: every connection was in use (counted), or it refused (a key of the wrong type).
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
            writer.submit(connection -> BUCKETS.run(connection, bucketKeys, args));
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
            writer.submit(connection -> EXTEND.run(connection, List.of(key), args));
        }
    }

    @Override
    public void publishClosed(String breaker) {
        if (FleetMessage.isName(breaker)) {
            List<String> breakerKeys = List.of(keys.open(breaker), keys.probes(breaker));
            FleetMessage message = new FleetMessage(origin, FleetMessage.Kind.CLOSED, 0, breaker);
            List<String> args = List.of(keys.events(), message.encode());
            writer.submit(connection -> CLOSE.run(connection, breakerKeys, args));
        }
    }

    @Override
    public long tryTakeProbe(String breaker, int probes, long windowMillis) {
        List<String> args = List.of(Integer.toString(probes), Long.toString(Math.max(1, windowMillis)));
        return ask(connection -> (Long) PROBE.run(connection, List.of(keys.probes(breaker)), args));
    }

    @Override
    public int instances() {
        return heartbeat.instances();
    }

    /** Returns once the state in force was delivered, Redis could not be reached, or a second passed. */
    @Override
    public synchronized void subscribe(FleetListener listener) {
        if (subscriber == null) {
            subscriber = new RedisSubscriber(redis, keys, origin, reachability, listener,
                    (int) (2 * (heartbeat.everyMillis() + endpoint.timeoutMillis())));
            subscriber.awaitFirstReplay(FIRST_REPLAY_MILLIS);
            heartbeat.beat();
        }
    }

    /** How many writes a full queue dropped since this store started. */
    long droppedWrites() {
        return writer.dropped();
    }

    /** How many askers found every connection in use until their deadline. */
    long busy() {
        return redis.busy();
    }

    /** How many round trips Redis did not finish within the timeout. */
    long timedOut() {
        return redis.timedOut();
    }

    /** How many times the subscription was (re)made and replayed what is in force. */
    int subscriptions() {
        RedisSubscriber listening = subscriber;
        return listening == null ? 0 : listening.subscriptions();
    }

    private void keepSubscriptionAlive() {
        RedisSubscriber listening = subscriber;
        if (listening != null) {
            listening.ping();
        }
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
        redis.close();
    }

    @Override
    public String toString() {
        return "RedisFleetStore[" + endpoint + ", " + keys + "]";
    }
}
