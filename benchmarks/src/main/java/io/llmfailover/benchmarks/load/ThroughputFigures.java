package io.llmfailover.benchmarks.load;

import java.util.List;

/** What one arm measured over its closed-loop blocks: calls, time, and bytes allocated by the whole JVM. */
record ThroughputFigures(long calls, long errors, long nanos, long allocatedBytes) {

    static ThroughputFigures sum(List<Command> blocks) {
        long calls = 0;
        long errors = 0;
        long nanos = 0;
        long allocated = 0;
        for (Command block : blocks) {
            calls += block.number("calls");
            errors += block.number("errors");
            nanos += block.number("nanos");
            allocated += block.number("allocated");
        }
        return new ThroughputFigures(calls, errors, nanos, allocated);
    }

    double callsPerSecond() {
        return nanos == 0 ? Double.NaN : calls / (nanos / 1e9);
    }

    double allocatedPerCall() {
        return calls == 0 ? Double.NaN : (double) allocatedBytes / calls;
    }
}
