package io.llmfailover.benchmarks.load;

import java.util.Arrays;

/** A growable array of nanosecond samples owned by one thread. */
final class SampleLog {

    private long[] samples = new long[4096];
    private int size;

    void add(long nanos) {
        if (size == samples.length) {
            samples = Arrays.copyOf(samples, size * 2);
        }
        samples[size++] = nanos;
    }

    int size() {
        return size;
    }

    static long[] merged(Iterable<SampleLog> logs) {
        int total = 0;
        for (SampleLog log : logs) {
            total += log.size;
        }
        long[] all = new long[total];
        int at = 0;
        for (SampleLog log : logs) {
            System.arraycopy(log.samples, 0, all, at, log.size);
            at += log.size;
        }
        return all;
    }
}
