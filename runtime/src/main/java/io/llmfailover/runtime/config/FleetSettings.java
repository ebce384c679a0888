package io.llmfailover.runtime.config;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;

/**
 * {@code state.backend} and {@code state.redis.*}: where an instance shares what it learns with the
 * rest of its fleet. Local (the default) shares nothing.
 *
 * @param redisUrl {@code redis://host:port/db} or {@code rediss://} for TLS; may carry a password
 * @param password {@code state.redis.password}, or null (then the URL's, if any)
 * @param timeout how long one round trip to Redis may take before the instance goes on with its
 *     local state
 * @param prefix put before every Redis key and channel, so that fleets can share one Redis
 */
public record FleetSettings(boolean redis, URI redisUrl, String password, Duration timeout, String prefix) {

    public static final java.util.List<String> BACKENDS = java.util.List.of("local", "redis");
    public static final Duration DEFAULT_TIMEOUT = Duration.ofMillis(20);
    public static final String DEFAULT_PREFIX = "llm-failover:";
    public static final URI DEFAULT_URL = URI.create("redis://127.0.0.1:6379/0");
    public static final FleetSettings LOCAL = new FleetSettings(false, DEFAULT_URL, null, DEFAULT_TIMEOUT, DEFAULT_PREFIX);

    public FleetSettings {
        Objects.requireNonNull(redisUrl, "redisUrl");
        Objects.requireNonNull(timeout, "timeout");
        Objects.requireNonNull(prefix, "prefix");
    }

    /** The URL without its password: what logs may print. */
    public String redactedUrl() {
        String userInfo = redisUrl.getRawUserInfo();
        return userInfo == null ? redisUrl.toString() : redisUrl.toString().replace(userInfo + "@", "***@");
    }

    @Override
    public String toString() {
        return "FleetSettings[" + (redis ? "redis " + redactedUrl() : "local") + ", timeout " + timeout + ", prefix "
                + prefix + (password != null ? ", password ***" : "") + "]";
    }
}
