package io.llmfailover.benchmarks.load;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Every figure of one run, side by side without the agent, with the OpenTelemetry agent (the peer,
 * where it ran) and with ours, each against its target if it has one (the others are context).
 * Issue 39's targets are ratios to the arms of the same run. Rendered as a Markdown table.
 */
final class ResultsTable {

    private record Row(String figure, String plain, String peer, String agent, String comparison, String peerComparison,
            String target, Boolean met) {

        Row(String figure, String plain, String agent, String comparison, String target, Boolean met) {
            this(figure, plain, "-", agent, comparison, "-", target, met);
        }
    }

    private final List<Row> rows = new ArrayList<>();

    /**
     * The same figure of the three arms; with a slack, a target: ours may add at most what the
     * OpenTelemetry agent adds, plus the slack.
     */
    void addedMicrosBesidePeer(String figure, double plain, double peer, double agent, String note, Double slackMicros) {
        double added = agent - plain;
        double peerAdded = peer - plain;
        String target = "-";
        Boolean met = null;
        if (slackMicros != null) {
            double allowed = peerAdded + slackMicros;
            target = "<= OTel agent's added" + (slackMicros == 0 ? "" : " " + signedMicros(slackMicros)) + " ("
                    + signedMicros(allowed) + ")";
            met = added <= allowed;
        }
        rows.add(new Row(figure, micros(plain), micros(peer), micros(agent),
                signedMicros(added) + ", " + ratio(agent, plain) + note,
                signedMicros(added - peerAdded) + ", " + ratio(agent, peer) + " (OTel agent " + signedMicros(peerAdded) + ")",
                target, met));
    }

    /** Calls per second of the three arms: ours at least the minimum ratio to no agent, and at least the peer's. */
    void throughputBesidePeer(String figure, double plain, double peer, double agent, double minimumRatio) {
        double ratio = agent / plain;
        double peerRatio = peer / plain;
        rows.add(new Row(figure, format("%.0f calls/s", plain), format("%.0f calls/s", peer), format("%.0f calls/s", agent),
                format("x%.2f", ratio), ratio(agent, peer) + format(" (OTel agent x%.2f)", peerRatio),
                format(">= x%.2f and >= OTel agent's x%.2f", minimumRatio, peerRatio),
                ratio >= minimumRatio && ratio >= peerRatio));
    }

    /** A time of ours held to the app's own (no agent) plus the slack given. */
    void withinOwnPlus(String figure, String plainLabel, double plain, double agent, double slackMicros) {
        double allowed = plain + slackMicros;
        rows.add(new Row(figure, micros(plain) + plainLabel, micros(agent), signedMicros(agent - plain) + ", " + ratio(agent, plain),
                "<= no agent " + signedMicros(slackMicros) + " (" + micros(allowed) + ")", agent <= allowed));
    }

    /** The same figure of both arms, for context. */
    void addedMicros(String figure, double plain, double agent) {
        addedMicros(figure, plain, agent, "");
    }

    /** @param note more about the difference, after it in the comparison column */
    void addedMicros(String figure, double plain, double agent, String note) {
        rows.add(new Row(figure, micros(plain), micros(agent), signedMicros(agent - plain) + ", " + ratio(agent, plain) + note,
                "-", null));
    }

    /** Calls per second of both arms; the target bounds the ratio from below. */
    void throughput(String figure, double plain, double agent, double minimumRatio) {
        double ratio = agent / plain;
        rows.add(new Row(figure, format("%.0f calls/s", plain), format("%.0f calls/s", agent), format("x%.2f", ratio),
                format(">= x%.2f", minimumRatio), ratio >= minimumRatio));
    }

    /** A time of the agent's arm beside the app's own (the app's own retry), for context. */
    void absoluteMicros(String figure, String plainLabel, double plain, double agent) {
        rows.add(new Row(figure, micros(plain) + plainLabel, micros(agent), ratio(agent, plain), "-", null));
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

    void addedKilobytesBesidePeer(String figure, double plainBytes, double peerBytes, double agentBytes) {
        rows.add(new Row(figure, kilobytes(plainBytes), kilobytes(peerBytes), kilobytes(agentBytes),
                "+" + kilobytes(agentBytes - plainBytes) + ", " + ratio(agentBytes, plainBytes),
                ratio(agentBytes, peerBytes) + " (OTel agent +" + kilobytes(peerBytes - plainBytes) + ")", "-", null));
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
                .append("| figure | no agent | OTel agent | agent | agent vs no agent | agent vs OTel agent | target | met |\n")
                .append("|---|---|---|---|---|---|---|---|\n");
        for (Row row : rows) {
            table.append("| ").append(row.figure())
                    .append(" | ").append(row.plain())
                    .append(" | ").append(row.peer())
                    .append(" | ").append(row.agent())
                    .append(" | ").append(row.comparison())
                    .append(" | ").append(row.peerComparison())
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
