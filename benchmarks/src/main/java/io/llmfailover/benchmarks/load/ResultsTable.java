package io.llmfailover.benchmarks.load;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Every figure of one run, side by side without and with the agent, each against its target if it
 * has one (the others are context). Rendered as a Markdown table.
 */
final class ResultsTable {

    private record Row(String figure, String plain, String agent, String comparison, String target, Boolean met) {}

    private final List<Row> rows = new ArrayList<>();

    /** The same percentile of both arms; the target, if any, bounds the difference. */
    void addedMicros(String figure, double plain, double agent, Double targetMicros) {
        addedMicros(figure, plain, agent, "", targetMicros);
    }

    /** @param note more about the difference, after it in the comparison column */
    void addedMicros(String figure, double plain, double agent, String note, Double targetMicros) {
        double added = agent - plain;
        rows.add(new Row(figure, micros(plain), micros(agent), signedMicros(added) + ", " + ratio(agent, plain) + note,
                targetMicros == null ? "-" : "<= +" + micros(targetMicros),
                targetMicros == null ? null : added <= targetMicros));
    }

    /** Calls per second of both arms; the target bounds the ratio from below. */
    void throughput(String figure, double plain, double agent, double minimumRatio) {
        double ratio = agent / plain;
        rows.add(new Row(figure, format("%.0f calls/s", plain), format("%.0f calls/s", agent), format("x%.2f", ratio),
                format(">= x%.2f", minimumRatio), ratio >= minimumRatio));
    }

    /** A time the agent's arm is held to by itself; the other arm's (the app's own retry) is context. */
    void absoluteMicros(String figure, String plainLabel, double plain, double agent, Double targetMicros) {
        rows.add(new Row(figure, micros(plain) + plainLabel, micros(agent), ratio(agent, plain),
                targetMicros == null ? "-" : "<= " + micros(targetMicros),
                targetMicros == null ? null : agent <= targetMicros));
    }

    void addedMillis(String figure, double plain, double agent, Double targetMillis) {
        double added = agent - plain;
        rows.add(new Row(figure, format("%.0f ms", plain), format("%.0f ms", agent),
                format("%+.0f ms, ", added) + ratio(agent, plain),
                targetMillis == null ? "-" : format("<= +%.0f ms", targetMillis),
                targetMillis == null ? null : added <= targetMillis));
    }

    void addedMegabytes(String figure, double plain, double agent) {
        rows.add(new Row(figure, format("%.1f MB", plain), format("%.1f MB", agent),
                format("%+.1f MB, ", agent - plain) + ratio(agent, plain), "-", null));
    }

    void addedKilobytes(String figure, double plainBytes, double agentBytes) {
        rows.add(new Row(figure, kilobytes(plainBytes), kilobytes(agentBytes),
                "+" + kilobytes(agentBytes - plainBytes) + ", " + ratio(agentBytes, plainBytes), "-", null));
    }

    /** A figure of the agent's code alone (no arm without it). */
    void agentOnlyBytes(String figure, double bytes, double maximumBytes) {
        rows.add(new Row(figure, "-", format("%.0f B", bytes), "-", format("<= %.0f B", maximumBytes),
                !Double.isNaN(bytes) && bytes <= maximumBytes));
    }

    /** A yes/no check of the agent's arm. */
    void check(String figure, String outcome, boolean met) {
        rows.add(new Row(figure, "-", outcome, "-", "yes", met));
    }

    long missed() {
        return rows.stream().filter(row -> Boolean.FALSE.equals(row.met())).count();
    }

    long targets() {
        return rows.stream().filter(row -> row.met() != null).count();
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
                    .append(" | ").append(row.met() == null ? "" : row.met() ? "met" : "**not met**")
                    .append(" |\n");
        }
        return table.toString();
    }

    static String micros(double micros) {
        if (Double.isNaN(micros)) {
            return "n/a";
        }
        return Math.abs(micros) >= 1000 ? format("%.2f ms", micros / 1000) : format("%.0f us", micros);
    }

    static String signedMicros(double micros) {
        return (micros >= 0 ? "+" : "-") + micros(Math.abs(micros));
    }

    static String kilobytes(double bytes) {
        return format("%.1f KB", bytes / 1024);
    }

    private static String ratio(double agent, double plain) {
        return Double.isNaN(agent) || Double.isNaN(plain) || plain == 0 ? "n/a" : format("x%.2f", agent / plain);
    }

    static String format(String pattern, Object... values) {
        return String.format(Locale.ROOT, pattern, values);
    }
}
