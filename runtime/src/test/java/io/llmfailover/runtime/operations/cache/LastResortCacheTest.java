package io.llmfailover.runtime.operations.cache;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.time.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** The store behind the last resort: bounded in entries and in bytes, least recently used out first, for its ttl. */
class LastResortCacheTest {

    private final ManualClock clock = new ManualClock();

    @Test
    void keepsAtMostMaxEntriesDroppingTheLeastRecentlyUsed() {
        LastResortCache cache = new LastResortCache(2, Duration.ofMinutes(10), clock);
        cache.put(key("a"), "application/json", bytes(10));
        cache.put(key("b"), "application/json", bytes(10));
        cache.get(key("a"));

        cache.put(key("c"), "application/json", bytes(10));

        assertEquals(2, cache.size());
        assertTrue(cache.get(key("a")).isPresent(), "a was used since b was kept");
        assertTrue(cache.get(key("b")).isEmpty());
        assertTrue(cache.get(key("c")).isPresent());
    }

    @Test
    void keepsAtMostMaxTotalBytes() {
        LastResortCache cache = new LastResortCache(100, Duration.ofMinutes(10), 250, 100, clock);
        cache.put(key("a"), "application/json", bytes(100));
        cache.put(key("b"), "application/json", bytes(100));

        cache.put(key("c"), "application/json", bytes(100));

        assertEquals(200, cache.totalBytes());
        assertTrue(cache.get(key("a")).isEmpty(), "the eldest made room");
        assertTrue(cache.get(key("c")).isPresent());
    }

    @Test
    void neverKeepsAnAnswerLargerThanTheCapOfOne() {
        LastResortCache cache = new LastResortCache(100, Duration.ofMinutes(10), 1000, 100, clock);

        cache.put(key("big"), "application/json", bytes(101));

        assertEquals(0, cache.size());
        assertEquals(0, cache.totalBytes());
    }

    @Test
    void theDefaultCapsAre64MbInAllAnd1MbAnAnswer() {
        assertEquals(64L * 1024 * 1024, LastResortCache.MAX_TOTAL_BYTES);
        assertEquals(1024 * 1024, LastResortCache.MAX_ANSWER_BYTES);
    }

    @Test
    void anAnswerExpiresAfterTheTtl() {
        LastResortCache cache = new LastResortCache(10, Duration.ofMinutes(10), clock);
        cache.put(key("a"), "application/json", bytes(10));

        clock.advance(Duration.ofMinutes(10).minusNanos(1));
        assertTrue(cache.get(key("a")).isPresent());

        clock.advance(Duration.ofNanos(1));
        assertTrue(cache.get(key("a")).isEmpty());
        assertEquals(0, cache.totalBytes(), "an expired answer no longer counts");
    }

    @Test
    void aNewAnswerToTheSameRequestReplacesTheOldOneAndItsTtl() {
        LastResortCache cache = new LastResortCache(10, Duration.ofMinutes(10), clock);
        cache.put(key("a"), "application/json", bytes(10));
        clock.advance(Duration.ofMinutes(9));

        cache.put(key("a"), "text/event-stream", bytes(20));
        clock.advance(Duration.ofMinutes(9));

        CachedAnswer kept = cache.get(key("a")).orElseThrow();
        assertEquals("text/event-stream", kept.contentType());
        assertArrayEquals(bytes(20), kept.body());
        assertEquals(20, cache.totalBytes());
    }

    @Test
    void staysWithinItsBoundsUnderConcurrentUse() throws Exception {
        LastResortCache cache = new LastResortCache(50, Duration.ofMinutes(10), 4000, 100, clock);
        ExecutorService threads = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int thread = t;
                done.add(threads.submit(() -> {
                    for (int i = 0; i < 2000; i++) {
                        cache.put(key(thread + ":" + i % 200), "application/json", bytes(1 + i % 100));
                        cache.get(key(thread + ":" + (i * 7) % 200));
                    }
                }));
            }
            for (Future<?> each : done) {
                each.get();
            }
        } finally {
            threads.shutdown();
        }

        assertTrue(cache.size() <= 50);
        assertTrue(cache.totalBytes() <= 4000);
    }

    private static CacheKey key(String name) {
        return CacheKey.of(name);
    }

    private static byte[] bytes(int size) {
        return new byte[size];
    }
}
