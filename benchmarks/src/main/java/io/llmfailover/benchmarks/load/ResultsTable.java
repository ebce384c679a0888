package io.llmfailover.benchmarks.load;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The figures of one load run, side by side without and with the agent, each against its target. */
final class ResultsTable {

    /** Results of one child run, by phase name. */
    record Run(Map<String, PhaseResult> phases) {
        PhaseResult phase(String name) {
            return phases.get(name);
        }

        long errors() {
            return phases.values().stream().mapToLong(PhaseResult::errors).sum();
        }
    }

    private record Row(String figure, String plain, String agent, String comparison, String target, Boolean met) {}

    private final List<Row> rows = new ArrayList<>();
    private final Run plain;
    private final Run agent;

    ResultsTable(Run plain, Run agent) {
        this.plain = plain;
        this.agent = agent;
    }

    void throughput(String phase, String figure) {
        double without = plain.phase(phase).callsPerSecond();
        double with = agent.phase(phase).callsPerSecond();
        double ratio = with / without;
        rows.add(new Row(figure, format("%.0f calls/s", without), format("%.0f calls/s", with),
                format("%.1f%%", ratio * 100), ">= 95% of no agent", ratio >= 0.95));
    }

    /** @param index 0, 1, 2 for p50, p99, p99.9 */
    void addedLatency(String phase, String figure, int index, Double targetMicros) {
        added(figure, plain.phase(phase).latency()[index], agent.phase(phase).latency()[index], targetMicros);
    }

    void addedFirstToken(String phase, String figure, int index, Double targetMicros) {
        added(figure, plain.phase(phase).firstToken()[index], agent.phase(phase).firstToken()[index], targetMicros);
    }

    /** Without the agent the "decision" is the app's own retry of the 5xx. */
    void decision(String phase, String figure, double percentile, Double targetMicros) {
        double without = plain.phase(phase).decisions().micros(percentile);
        double with = agent.phase(phase).decisions().micros(percentile);
        rows.add(new Row(figure, micros(without) + " (app's own retry)", micros(with), ratio(with, without),
                targetMicros == null ? "-" : "<= " + micros(targetMicros), targetMicros == null ? null : with <= targetMicros));
    }

    void allocation(String phase, String figure) {
        double without = plain.phase(phase).allocatedPerCall();
        double with = agent.phase(phase).allocatedPerCall();
        rows.add(new Row(figure, kilobytes(without), kilobytes(with),
                "+" + kilobytes(with - without) + ", " + ratio(with, without), "-", null));
    }

    void startup(String figure, StartupProbe.Startup without, StartupProbe.Startup with, Double targetMillis) {
        double added = with.wallMillis() - without.wallMillis();
        rows.add(new Row(figure, format("%.0f ms", without.wallMillis()), format("%.0f ms", with.wallMillis()),
                format("%+.0f ms, ", added) + ratio(with.wallMillis(), without.wallMillis()),
                targetMillis == null ? "-" : format("<= +%.0f ms", targetMillis),
                targetMillis == null ? null : added <= targetMillis));
    }

    void resident(String figure, StartupProbe.Startup without, StartupProbe.Startup with, Double targetMegabytes) {
        double added = with.residentMegabytes() - without.residentMegabytes();
        rows.add(new Row(figure, format("%.1f MB", without.residentMegabytes()), format("%.1f MB", with.residentMegabytes()),
                format("%+.1f MB, ", added) + ratio(with.residentMegabytes(), without.residentMegabytes()),
                targetMegabytes == null ? "-" : format("<= +%.0f MB", targetMegabytes),
                targetMegabytes == null ? null : added <= targetMegabytes));
    }

    String markdown() {
        StringBuilder table = new StringBuilder()
                .append("| figure | no agent | agent | agent vs no agent | target | met |\n")
                .append("|---|---|---|---|---|---|\n");
        for (Row row : rows) {
            table.append("| ").append(row.figure())
                    .append(" | ").append(row.plain())
                    .append(" | ").append(row.agent())
                    .append(" | ").append(row.comparison())
                    .append(" | ").append(row.target())
                    .append(" | ").append(row.met() == null ? "" : row.met() ? "yes" : "**no**")
                    .append(" |\n");
        }
        return table.toString();
    }

    /** Every phase's raw figures, for whoever wants to check a ratio. */
    String phasesMarkdown(List<String> phaseNames) {
        StringBuilder table = new StringBuilder()
                .append("| phase | run | calls | calls/s | errors | latency p50 / p99 / p99.9 | first token p50 / p99 "
                        + "| alloc/call | 5xx to fallback p50 / p99 |\n")
                .append("|---|---|---|---|---|---|---|---|---|\n");
        for (String name : phaseNames) {
            appendPhase(table, "no agent", plain.phase(name));
            appendPhase(table, "agent", agent.phase(name));
        }
        return table.toString();
    }

    private static void appendPhase(StringBuilder table, String run, PhaseResult phase) {
        table.append("| ").append(phase.name())
                .append(" | ").append(run)
                .append(" | ").append(phase.calls())
                .append(" | ").append(format("%.0f", phase.callsPerSecond()))
                .append(" | ").append(phase.errors())
                .append(" | ").append(micros(phase.latency()[0])).append(" / ").append(micros(phase.latency()[1]))
                .append(" / ").append(micros(phase.latency()[2]))
                .append(" | ").append(micros(phase.firstToken()[0])).append(" / ").append(micros(phase.firstToken()[1]))
                .append(" | ").append(kilobytes(phase.allocatedPerCall()))
                .append(" | ").append(micros(phase.decisions().micros(50))).append(" / ")
                .append(micros(phase.decisions().micros(99)))
                .append(" |\n");
    }

    private void added(String figure, double without, double with, Double targetMicros) {
        double added = with - without;
        rows.add(new Row(figure, micros(without), micros(with), signedMicros(added) + ", " + ratio(with, without),
                targetMicros == null ? "-" : "<= +" + micros(targetMicros),
                targetMicros == null ? null : added <= targetMicros));
    }

    static String micros(double micros) {
        if (Double.isNaN(micros)) {
            return "n/a";
        }
        return Math.abs(micros) >= 1000 ? format("%.2f ms", micros / 1000) : format("%.0f us", micros);
    }

    private static String signedMicros(double micros) {
        return (micros >= 0 ? "+" : "-") + micros(Math.abs(micros));
    }

    private static String kilobytes(double bytes) {
        return format("%.1f KB", bytes / 1024);
    }

    private static String ratio(double with, double without) {
        return Double.isNaN(with) || Double.isNaN(without) || without == 0 ? "n/a" : format("x%.2f", with / without);
    }

    private static String format(String pattern, Object... values) {
        return String.format(Locale.ROOT, pattern, values);
    }
}
