package io.llmfailover.benchmarks.load;

import java.util.List;

/**
 * One workload the load app runs: {@code callers} threads calling {@code url} for a warm-up and then
 * a measured time. Closed-loop callers send again as soon as an answer is read (throughput); paced
 * callers think between calls, so latency is measured on a machine that is not saturated.
 *
 * @param fallbackUrl where the app itself retries a 5xx, or "-" for nowhere: without the agent this
 *     is the app's own failover, with the agent the app never sees the 5xx
 * @param thinkMillis 0 for closed loop
 */
record Phase(String name, String url, String fallbackUrl, boolean stream, int callers, long thinkMillis,
        long warmupMillis, long measureMillis) {

    static final String NO_FALLBACK = "-";

    /** The phase as one command-line argument of the load app. */
    String encode() {
        return String.join(",", name, url, fallbackUrl, String.valueOf(stream), String.valueOf(callers),
                String.valueOf(thinkMillis), String.valueOf(warmupMillis), String.valueOf(measureMillis));
    }

    static Phase decode(String argument) {
        List<String> parts = List.of(argument.split(","));
        if (parts.size() != 8) {
            throw new IllegalArgumentException("a phase is name,url,fallbackUrl,stream,callers,thinkMillis,"
                    + "warmupMillis,measureMillis; got " + argument);
        }
        return new Phase(parts.get(0), parts.get(1), parts.get(2), Boolean.parseBoolean(parts.get(3)),
                Integer.parseInt(parts.get(4)), Long.parseLong(parts.get(5)), Long.parseLong(parts.get(6)),
                Long.parseLong(parts.get(7)));
    }

    boolean hasFallback() {
        return !NO_FALLBACK.equals(fallbackUrl);
    }
}
