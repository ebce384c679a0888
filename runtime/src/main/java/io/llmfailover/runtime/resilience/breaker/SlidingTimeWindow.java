package io.llmfailover.runtime.resilience.breaker;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Counts calls and failures over the last {@code window} of time, in a ring of time buckets.
 *
 * <p>Time is split into buckets of {@code window / buckets}; the window is the current bucket and
 * the {@code buckets - 1} before it, so a call stops counting between {@code window - bucket width}
 * and {@code window} after it was recorded. Recording is O(1) and lock-free: one atomic add, plus
 * one new bucket object the first time a bucket period is written to. Time is passed in as plain
 * nanoseconds (any monotonic origin), which keeps the class pure.
 */
public final class SlidingTimeWindow {

    private static final long ONE_CALL = 1L << 32;
    private static final long ONE_FAILURE = 1L;
    private static final long FAILURE_MASK = 0xFFFF_FFFFL;

    private final long bucketNanos;
    private final AtomicReferenceArray<Bucket> ring;

    /** One bucket period: calls in the high 32 bits of {@code counts}, failures in the low 32. */
    private static final class Bucket {
        final long period;
        final AtomicLong counts = new AtomicLong();

        Bucket(long period) {
            this.period = period;
        }
    }

    /** The calls and failures currently inside the window. */
    public record Counts(long calls, long failures) {

        /** failures / calls, or 0 when there were no calls. */
        public double failureRate() {
            return calls == 0 ? 0 : (double) failures / calls;
        }
    }

    public SlidingTimeWindow(long windowNanos, int buckets) {
        if (windowNanos <= 0 || buckets <= 0) {
            throw new IllegalArgumentException(
                    "a sliding window needs a positive length and bucket count, got "
                            + windowNanos + "ns in " + buckets + " buckets");
        }
        this.bucketNanos = Math.max(1, windowNanos / buckets);
        this.ring = new AtomicReferenceArray<>(buckets);
    }

    public void record(long nowNanos, boolean failed) {
        bucketFor(period(nowNanos)).counts.addAndGet(failed ? ONE_CALL + ONE_FAILURE : ONE_CALL);
    }

    public Counts counts(long nowNanos) {
        long packed = sum(period(nowNanos));
        return new Counts(packed >>> 32, packed & FAILURE_MASK);
    }

    /**
     * Whether at least {@code minimumCalls} calls are in the window and at least {@code failureRate}
     * of them failed. Allocation-free, for the breaker's hot path.
     */
    public boolean failureRateReached(long nowNanos, int minimumCalls, double failureRate) {
        long packed = sum(period(nowNanos));
        long calls = packed >>> 32;
        long failures = packed & FAILURE_MASK;
        return calls > 0 && calls >= minimumCalls && failures >= failureRate * calls;
    }

    private long period(long nowNanos) {
        return Math.floorDiv(nowNanos, bucketNanos);
    }

    private Bucket bucketFor(long period) {
        int index = index(period);
        while (true) {
            Bucket current = ring.get(index);
            if (current != null && current.period >= period) {
                // A newer period here means this call is older than the window's newest: it lands in
                // the newer bucket, which only blurs the edge by one bucket.
                return current;
            }
            Bucket fresh = new Bucket(period);
            if (ring.compareAndSet(index, current, fresh)) {
                return fresh;
            }
        }
    }

    private long sum(long currentPeriod) {
        long oldestPeriod = currentPeriod - ring.length() + 1;
        long packed = 0;
        for (int i = 0; i < ring.length(); i++) {
            Bucket bucket = ring.get(i);
            if (bucket != null && bucket.period >= oldestPeriod && bucket.period <= currentPeriod) {
                packed += bucket.counts.get();
            }
        }
        return packed;
    }

    private int index(long period) {
        return (int) Math.floorMod(period, (long) ring.length());
    }
}
