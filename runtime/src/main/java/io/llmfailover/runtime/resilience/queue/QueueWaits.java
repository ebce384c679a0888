package io.llmfailover.runtime.resilience.queue;

import java.util.Arrays;

/**
 * How long calls spent queued: the latest {@value #KEPT} waits, so their percentiles describe
 * recent traffic in bounded memory.
 */
public final class QueueWaits {

    static final int KEPT = 4096;

    private final long[] nanos = new long[KEPT];
    private long recorded;

    synchronized void record(long waitedNanos) {
        nanos[(int) (recorded++ % KEPT)] = waitedNanos;
    }

    /** Calls that queued, ever. */
    public synchronized long count() {
        return recorded;
    }

    /** The {@code percentile} (0..100) of the kept waits, nearest rank; 0 when none were recorded. */
    public long percentileNanos(double percentile) {
        long[] kept = snapshot();
        if (kept.length == 0) {
            return 0;
        }
        Arrays.sort(kept);
        int rank = (int) Math.ceil(percentile / 100.0 * kept.length);
        return kept[Math.max(0, Math.min(kept.length - 1, rank - 1))];
    }

    private synchronized long[] snapshot() {
        return Arrays.copyOf(nanos, (int) Math.min(recorded, KEPT));
    }
}
