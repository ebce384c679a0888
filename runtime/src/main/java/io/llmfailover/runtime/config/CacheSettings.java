package io.llmfailover.runtime.config;

import java.time.Duration;

/**
 * The last-resort cache: {@code cache.last-resort} (default off) keeps successful answers, at most
 * {@code cache.max-entries} (default 1000) of them for {@code cache.ttl} (default 10m), to answer an
 * identical request when every step of its chain failed. A request that carries tools is kept only
 * with {@code cache.tools = true} (default false): a tool call may have side effects.
 */
public record CacheSettings(boolean lastResort, int maxEntries, Duration ttl, boolean tools) {

    public static final int DEFAULT_MAX_ENTRIES = 1000;
    public static final Duration DEFAULT_TTL = Duration.ofMinutes(10);
    public static final CacheSettings OFF = new CacheSettings(false, DEFAULT_MAX_ENTRIES, DEFAULT_TTL);

    public CacheSettings {
        if (maxEntries < 1) {
            throw new IllegalArgumentException("cache.max-entries must be positive, was " + maxEntries);
        }
        if (ttl.isZero() || ttl.isNegative()) {
            throw new IllegalArgumentException("cache.ttl must be positive, was " + ttl);
        }
    }

    /** Settings that never keep a request carrying tools. */
    public CacheSettings(boolean lastResort, int maxEntries, Duration ttl) {
        this(lastResort, maxEntries, ttl, false);
    }
}
