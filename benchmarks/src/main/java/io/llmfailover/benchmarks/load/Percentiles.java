package io.llmfailover.benchmarks.load;

import java.util.Arrays;

/**
 * Exact percentiles of a set of durations in nanoseconds. A run records at most a few hundred
 * thousand calls, so keeping every sample and sorting them is cheap and needs no histogram library.
 */
final class Percentiles {

    private final long[] sorted;

    Percentiles(long[] samples) {
        this.sorted = samples.clone();
        Arrays.sort(sorted);
    }

    int count() {
        return sorted.length;
    }

    /** The nearest-rank percentile, in microseconds; NaN when there is no sample. */
    double micros(double percentile) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int rank = (int) Math.ceil(percentile / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))] / 1_000.0;
    }
}
