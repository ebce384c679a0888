package io.llmfailover.runtime.operations.cache;

import io.llmfailover.runtime.time.Clock;
import java.time.Duration;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The answers kept for the last resort, least recently used first out: at most {@code maxEntries}
 * of them and {@code maxTotalBytes} in all, each for {@code ttl} on the runtime clock. An answer
 * larger than {@code maxAnswerBytes} is never kept. Thread-safe; every operation is short and
 * holds one lock.
 */
public final class LastResortCache {

    /** All answers together: the cache's memory stays bounded whatever {@code cache.max-entries} says. */
    public static final long MAX_TOTAL_BYTES = 64L * 1024 * 1024;
    /** One answer: a bigger one is not kept, so that one long answer cannot push out many short ones. */
    public static final int MAX_ANSWER_BYTES = 1024 * 1024;

    private final int maxEntries;
    private final long ttlNanos;
    private final long maxTotalBytes;
    private final int maxAnswerBytes;
    private final Clock clock;
    /** In access order: the eldest is the least recently used. */
    private final LinkedHashMap<CacheKey, CachedAnswer> answers = new LinkedHashMap<>(16, 0.75f, true);
    private long totalBytes;

    public LastResortCache(int maxEntries, Duration ttl, Clock clock) {
        this(maxEntries, ttl, MAX_TOTAL_BYTES, MAX_ANSWER_BYTES, clock);
    }

    LastResortCache(int maxEntries, Duration ttl, long maxTotalBytes, int maxAnswerBytes, Clock clock) {
        this.maxEntries = maxEntries;
        this.ttlNanos = ttl.toNanos();
        this.maxTotalBytes = maxTotalBytes;
        this.maxAnswerBytes = maxAnswerBytes;
        this.clock = clock;
    }

    /** The largest answer kept: a recording stops copying past it. */
    int maxAnswerBytes() {
        return maxAnswerBytes;
    }

    synchronized void put(CacheKey key, String contentType, byte[] body) {
        if (body.length > maxAnswerBytes || body.length > maxTotalBytes) {
            return;
        }
        drop(key);
        answers.put(key, new CachedAnswer(contentType, body, clock.nanoTime()));
        totalBytes += body.length;
        evictBeyondBounds();
    }

    /** The answer kept for {@code key}, unless it expired; a hit makes it the most recently used. */
    synchronized Optional<CachedAnswer> get(CacheKey key) {
        CachedAnswer answer = answers.get(key);
        if (answer == null) {
            return Optional.empty();
        }
        if (clock.nanoTime() - answer.storedAtNanos() >= ttlNanos) {
            drop(key);
            return Optional.empty();
        }
        return Optional.of(answer);
    }

    public synchronized int size() {
        return answers.size();
    }

    public synchronized long totalBytes() {
        return totalBytes;
    }

    private void drop(CacheKey key) {
        CachedAnswer removed = answers.remove(key);
        if (removed != null) {
            totalBytes -= removed.bytes();
        }
    }

    private void evictBeyondBounds() {
        Iterator<Map.Entry<CacheKey, CachedAnswer>> eldestFirst = answers.entrySet().iterator();
        while (answers.size() > maxEntries || totalBytes > maxTotalBytes) {
            totalBytes -= eldestFirst.next().getValue().bytes();
            eldestFirst.remove();
        }
    }
}
