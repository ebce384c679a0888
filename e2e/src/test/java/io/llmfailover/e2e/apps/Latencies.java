package io.llmfailover.e2e.apps;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.BooleanSupplier;

/** How long calls took, from any thread, summarised as percentiles in milliseconds. */
final class Latencies {

    private final ConcurrentLinkedQueue<Long> nanos = new ConcurrentLinkedQueue<>();

    /** Runs {@code call}, recording how long it took; returns what it returned. */
    boolean time(BooleanSupplier call) {
        long start = System.nanoTime();
        try {
            return call.getAsBoolean();
        } finally {
            nanos.add(System.nanoTime() - start);
        }
    }

    /** {@code p50=..ms p99=..ms max=..ms}, nearest rank; zeros when nothing was recorded. */
    String summary() {
        long[] sorted = nanos.stream().mapToLong(Long::longValue).sorted().toArray();
        return "p50=" + millis(sorted, 0.50) + "ms p99=" + millis(sorted, 0.99) + "ms max=" + millis(sorted, 1.0) + "ms";
    }

    private static long millis(long[] sorted, double quantile) {
        if (sorted.length == 0) {
            return 0;
        }
        int rank = (int) Math.ceil(quantile * sorted.length);
        return sorted[Math.max(0, rank - 1)] / 1_000_000;
    }
}
