package io.llmfailover.benchmarks.load;

import java.util.Comparator;
import java.util.Map;
import java.util.TreeMap;

/**
 * One arm's measured blocks summed, thread group by thread group ("HttpClient-N-Wo" for every
 * worker of every client: Linux keeps 15 characters of a name, digits become N). A thread is
 * counted under the name it has at a block's end, its time the difference across the block.
 */
final class ThreadTally {

    /** A group's sums: user and system ticks, voluntary and involuntary switches. */
    private static final class Group {
        long user;
        long system;
        long voluntary;
        long involuntary;
    }

    private static final String EXITED = "(threads that exited: the block's callers)";

    private final Map<String, Group> groups = new TreeMap<>();
    private long calls;
    private long nanos;

    void add(ThreadTimes before, ThreadTimes after, long blockCalls, long blockNanos) {
        calls += blockCalls;
        nanos += blockNanos;
        ThreadTimes.Ticks process = after.processTicks().minus(before.processTicks());
        long liveUser = 0;
        long liveSystem = 0;
        for (Map.Entry<Long, ThreadTimes.Thread> entry : after.threads().entrySet()) {
            ThreadTimes.Thread now = entry.getValue();
            ThreadTimes.Thread then = before.threads().get(entry.getKey());
            ThreadTimes.Ticks spent = then == null ? now.ticks() : now.ticks().minus(then.ticks());
            Group group = groups.computeIfAbsent(now.name().replaceAll("\\d+", "N"), name -> new Group());
            group.user += spent.user();
            group.system += spent.system();
            group.voluntary += now.voluntarySwitches() - (then == null ? 0 : then.voluntarySwitches());
            group.involuntary += now.involuntarySwitches() - (then == null ? 0 : then.involuntarySwitches());
            liveUser += spent.user();
            liveSystem += spent.system();
        }
        Group exited = groups.computeIfAbsent(EXITED, name -> new Group());
        exited.user += process.user() - liveUser;
        exited.system += process.system() - liveSystem;
    }

    double callsPerSecond() {
        return nanos == 0 ? 0 : calls * 1e9 / nanos;
    }

    /** A table: the arm's throughput against no agent's, then each group that took 0.05 us per call or more. */
    String describe(String arm, double plainCallsPerSecond) {
        StringBuilder table = new StringBuilder(String.format("%n== %s: %d calls, %.0f calls/s (x%.2f of no agent)%n",
                arm, calls, callsPerSecond(), callsPerSecond() / plainCallsPerSecond));
        table.append(String.format("   %-44s %9s %9s %9s %12s %12s%n", "threads", "user us", "sys us", "total us",
                "vol. sw.", "invol. sw."));
        long totalUser = 0;
        long totalSystem = 0;
        for (Map.Entry<String, Group> entry : byCpu()) {
            Group group = entry.getValue();
            totalUser += group.user;
            totalSystem += group.system;
            if (perCall(group.user + group.system) >= 0.05) {
                table.append(String.format("   %-44s %9.2f %9.2f %9.2f %12.3f %12.3f%n", entry.getKey(),
                        perCall(group.user), perCall(group.system), perCall(group.user + group.system),
                        (double) group.voluntary / calls, (double) group.involuntary / calls));
            }
        }
        table.append(String.format("   %-44s %9.2f %9.2f %9.2f  (per call)%n", "the whole JVM", perCall(totalUser),
                perCall(totalSystem), perCall(totalUser + totalSystem)));
        return table.toString();
    }

    private Iterable<Map.Entry<String, Group>> byCpu() {
        return groups.entrySet().stream()
                .sorted(Comparator.comparingLong((Map.Entry<String, Group> entry) ->
                        entry.getValue().user + entry.getValue().system).reversed())
                .toList();
    }

    /** Microseconds per call. */
    private double perCall(long ticks) {
        return calls == 0 ? 0 : ticks * (double) ThreadTimes.MICROS_PER_TICK / calls;
    }
}
