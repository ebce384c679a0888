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

    void addAll(SampleLog other) {
        for (int i = 0; i < other.size; i++) {
            add(other.samples[i]);
        }
    }

    int size() {
        return size;
    }

    long[] toArray() {
        return Arrays.copyOf(samples, size);
    }

    /** The samples as one comma-separated field of a {@link Command} line ("-" when there is none). */
    String csv() {
        if (size == 0) {
            return "-";
        }
        StringBuilder csv = new StringBuilder(size * 7);
        for (int i = 0; i < size; i++) {
            csv.append(i == 0 ? "" : ",").append(samples[i]);
        }
        return csv.toString();
    }

    static SampleLog parseCsv(String csv) {
        SampleLog log = new SampleLog();
        if (!"-".equals(csv) && !csv.isEmpty()) {
            for (String sample : csv.split(",")) {
                log.add(Long.parseLong(sample));
            }
        }
        return log;
    }

    static long[] merged(Iterable<SampleLog> logs) {
        SampleLog all = new SampleLog();
        logs.forEach(all::addAll);
        return all.toArray();
    }
}
