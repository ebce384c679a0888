package io.llmfailover.benchmarks.load;

import java.util.HashMap;
import java.util.Map;

/**
 * What the load app measured in one phase (latencies in microseconds), plus the failover decision
 * times the stubs saw for its calls.
 */
record PhaseResult(String name, long calls, long errors, double seconds, double[] latency, double[] firstToken,
        long allocatedBytes, Percentiles decisions) {

    /** Parses a {@code PHASE key=value ...} line of the load app. */
    static PhaseResult parse(String line, Percentiles decisions) {
        Map<String, String> fields = new HashMap<>();
        for (String pair : line.substring("PHASE ".length()).trim().split(" ")) {
            int equals = pair.indexOf('=');
            fields.put(pair.substring(0, equals), pair.substring(equals + 1));
        }
        return new PhaseResult(fields.get("name"), Long.parseLong(fields.get("calls")),
                Long.parseLong(fields.get("errors")), Double.parseDouble(fields.get("seconds")),
                triple(fields.get("latency")), triple(fields.get("ttft")), Long.parseLong(fields.get("allocated")),
                decisions);
    }

    double callsPerSecond() {
        return calls / seconds;
    }

    double allocatedPerCall() {
        return calls == 0 ? Double.NaN : (double) allocatedBytes / calls;
    }

    private static double[] triple(String csv) {
        String[] parts = csv.split(",");
        return new double[] {Double.parseDouble(parts[0]), Double.parseDouble(parts[1]), Double.parseDouble(parts[2])};
    }
}
