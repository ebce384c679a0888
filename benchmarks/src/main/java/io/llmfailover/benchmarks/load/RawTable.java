package io.llmfailover.benchmarks.load;

/** Each arm's own figures in each phase, for whoever wants to check a difference or a ratio. */
final class RawTable {

    private final StringBuilder table = new StringBuilder()
            .append("| phase | arm | calls | errors | latency p50 / p99 / p99.9 | first token p50 / p99 "
                    + "| 5xx head to fallback request p50 / p99 | calls/s | alloc/call, whole JVM | CPU/call, caller / whole JVM |\n")
            .append("|---|---|---|---|---|---|---|---|---|---|\n");

    void sequential(String phase, Arm arm, SequentialFigures figures, Percentiles decisions) {
        Percentiles latency = figures.latency();
        row(phase, arm, latency.count(), figures.errors(),
                micros(latency, 50) + " / " + micros(latency, 99) + " / " + micros(latency, 99.9),
                micros(figures.firstToken(), 50) + " / " + micros(figures.firstToken(), 99),
                decisions == null ? "-" : micros(decisions, 50) + " / " + micros(decisions, 99), "-", "-",
                ResultsTable.micros(figures.callerCpuMicrosPerCall()) + " / "
                        + ResultsTable.micros(figures.processCpuMicrosPerCall()));
    }

    void throughput(String phase, Arm arm, ThroughputFigures figures) {
        row(phase, arm, figures.calls(), figures.errors(), "-", "-", "-",
                ResultsTable.format("%.0f", figures.callsPerSecond()), ResultsTable.kilobytes(figures.allocatedPerCall()), "-");
    }

    String markdown() {
        return table.toString();
    }

    private void row(String phase, Arm arm, long calls, long errors, String latency, String firstToken, String decision,
            String callsPerSecond, String allocation, String cpu) {
        table.append("| ").append(phase).append(" | ").append(arm.label()).append(" | ").append(calls)
                .append(" | ").append(errors).append(" | ").append(latency).append(" | ").append(firstToken)
                .append(" | ").append(decision).append(" | ").append(callsPerSecond).append(" | ").append(allocation)
                .append(" | ").append(cpu).append(" |\n");
    }

    private static String micros(Percentiles percentiles, double percentile) {
        return percentiles.count() == 0 ? "-" : ResultsTable.micros(percentiles.micros(percentile));
    }
}
