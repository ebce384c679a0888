package io.llmfailover.benchmarks.load;

import java.util.ArrayList;
import java.util.List;

/**
 * What one arm measured over its blocks of one-at-a-time calls: every latency and time to first
 * token, each block's median latency (in the order of the rounds), the CPU its calls took on the
 * caller's thread and in the whole JVM, and how many calls the app retried itself because it saw a 5xx.
 */
record SequentialFigures(Percentiles latency, Percentiles firstToken, double[] blockMedianMicros, long errors,
        long ownRetries, long callerCpuNanos, long processCpuNanos) {

    static SequentialFigures merge(List<Command> blocks) {
        List<SampleLog> latencies = new ArrayList<>();
        List<SampleLog> firstTokens = new ArrayList<>();
        double[] blockMedians = new double[blocks.size()];
        long errors = 0;
        long ownRetries = 0;
        long callerCpu = 0;
        long processCpu = 0;
        for (int i = 0; i < blocks.size(); i++) {
            Command block = blocks.get(i);
            SampleLog latency = SampleLog.parseCsv(block.get("latency"));
            latencies.add(latency);
            blockMedians[i] = new Percentiles(latency.toArray()).micros(50);
            firstTokens.add(SampleLog.parseCsv(block.get("ttft")));
            errors += block.number("errors");
            ownRetries += block.number("ownRetries");
            callerCpu += block.number("callerCpu");
            processCpu += block.number("processCpu");
        }
        return new SequentialFigures(new Percentiles(SampleLog.merged(latencies)),
                new Percentiles(SampleLog.merged(firstTokens)), blockMedians, errors, ownRetries, callerCpu, processCpu);
    }

    /** CPU microseconds per call on the caller's thread (errors included: they took CPU too). */
    double callerCpuMicrosPerCall() {
        return perCall(callerCpuNanos);
    }

    /** CPU microseconds per call in the whole JVM. */
    double processCpuMicrosPerCall() {
        return perCall(processCpuNanos);
    }

    private double perCall(long nanos) {
        long calls = latency.count() + errors;
        return calls == 0 ? Double.NaN : nanos / 1000.0 / calls;
    }

    /**
     * The median, over the rounds, of this arm's block median minus the other arm's of the same
     * round: blocks of one round ran back to back, so a slow stretch of the machine mostly cancels out.
     */
    double pairedMedianDifferenceMicros(SequentialFigures other) {
        int rounds = Math.min(blockMedianMicros.length, other.blockMedianMicros.length);
        double[] differences = new double[rounds];
        for (int i = 0; i < rounds; i++) {
            differences[i] = blockMedianMicros[i] - other.blockMedianMicros[i];
        }
        return rounds == 0 ? Double.NaN : StartupProbe.median(differences);
    }

    int rounds() {
        return blockMedianMicros.length;
    }
}
