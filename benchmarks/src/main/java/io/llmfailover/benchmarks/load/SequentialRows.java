package io.llmfailover.benchmarks.load;

import java.util.Map;

/**
 * The rows of the one-call-at-a-time phases (latency, failover decision, first token): each arm's
 * figures set against no agent and the peer, into the results table and the raw one.
 */
final class SequentialRows {

    private final ResultsTable table;
    private final RawTable raw;

    SequentialRows(ResultsTable table, RawTable raw) {
        this.table = table;
        this.raw = raw;
    }

    /** Added latency at one caller, beside the peer, and where the CPU went. */
    void addedLatency(String name, Map<Arm, SequentialFigures> latency, Arms arms) {
        Arm plain = arms.plain();
        Arm agent = arms.agent();
        Arm telemetryOff = arms.telemetryOff();
        Percentiles without = latency.get(plain).latency();
        Percentiles peer = latency.get(arms.peer()).latency();
        Percentiles with = latency.get(agent).latency();
        Percentiles off = latency.get(telemetryOff).latency();
        table.addedMicrosBesidePeer("Added latency p50, " + name + ", one call at a time", without.micros(50),
                peer.micros(50), with.micros(50), pairedNote(latency.get(agent), latency.get(plain)), 10.0);
        table.addedMicrosBesidePeer("Added latency p99, " + name, without.micros(99), peer.micros(99), with.micros(99), "",
                0.0);
        table.addedMicros("Added latency p50, " + name + ", agent with otel.sdk.disabled", without.micros(50),
                off.micros(50), pairedNote(latency.get(telemetryOff), latency.get(plain)));
        table.addedMicros("Added latency p99, " + name + ", agent with otel.sdk.disabled", without.micros(99),
                off.micros(99));
        cpuPerCall(name, latency.get(plain), latency.get(arms.peer()), latency.get(agent), "");
        cpuPerCall(name, latency.get(plain), null, latency.get(telemetryOff), ", agent with otel.sdk.disabled");
        latency.forEach((arm, figures) -> raw.sequential("latency, " + name, arm, figures, null));
    }

    /**
     * Where the added latency is spent: CPU on the caller's thread (the agent's own work, and the
     * client's inside it) and in the whole JVM (the client's threads, the agent's, the JIT, the GC).
     */
    private void cpuPerCall(String name, SequentialFigures plain, SequentialFigures peer, SequentialFigures agent,
            String arm) {
        if (peer == null) {
            table.addedMicros("CPU per call, caller's thread, " + name + arm, plain.callerCpuMicrosPerCall(),
                    agent.callerCpuMicrosPerCall());
            table.addedMicros("CPU per call, whole app JVM, " + name + arm, plain.processCpuMicrosPerCall(),
                    agent.processCpuMicrosPerCall());
        } else {
            table.addedMicrosBesidePeer("CPU per call, caller's thread, " + name + arm, plain.callerCpuMicrosPerCall(),
                    peer.callerCpuMicrosPerCall(), agent.callerCpuMicrosPerCall(), "", null);
            table.addedMicrosBesidePeer("CPU per call, whole app JVM, " + name + arm, plain.processCpuMicrosPerCall(),
                    peer.processCpuMicrosPerCall(), agent.processCpuMicrosPerCall(), "", null);
        }
    }

    /** The per-round estimate of the added median, as a check of the pooled one on a noisy machine. */
    private static String pairedNote(SequentialFigures agent, SequentialFigures plain) {
        return "; median of " + Math.min(agent.rounds(), plain.rounds()) + " rounds' differences: "
                + ResultsTable.signedMicros(agent.pairedMedianDifferenceMicros(plain));
    }

    /** The failover decision's rows: the primary's 503 head sent to the fallback's request received. */
    void failoverDecision(String name, Map<Arm, SequentialFigures> failover, Arms arms, Percentiles ownRetry,
            Percentiles decision, Percentiles withoutTelemetry) {
        Arm plain = arms.plain();
        Arm agent = arms.agent();
        Arm telemetryOff = arms.telemetryOff();
        String figure = " (503 head sent -> fallback request received)";
        table.withinOwnPlus("Failover decision p50, " + name + figure, " (app's own retry)", ownRetry.micros(50),
                decision.micros(50), 50.0);
        table.withinOwnPlus("Failover decision p99, " + name, " (app's own retry)", ownRetry.micros(99),
                decision.micros(99), 300.0);
        table.absoluteMicros("Failover decision p50, " + name + ", agent with otel.sdk.disabled", " (app's own retry)",
                ownRetry.micros(50), withoutTelemetry.micros(50));
        table.absoluteMicros("Failover decision p99, " + name + ", agent with otel.sdk.disabled", " (app's own retry)",
                ownRetry.micros(99), withoutTelemetry.micros(99));
        System.out.println("   failover decision p50 / p99: app's own retry " + p50AndP99(ownRetry) + ", agent "
                + p50AndP99(decision) + ", agent with otel.sdk.disabled " + p50AndP99(withoutTelemetry));
        raw.sequential("failover, " + name, plain, failover.get(plain), ownRetry);
        raw.sequential("failover, " + name, agent, failover.get(agent), decision);
        raw.sequential("failover, " + name, telemetryOff, failover.get(telemetryOff), withoutTelemetry);
    }

    private static String p50AndP99(Percentiles times) {
        return ResultsTable.micros(times.micros(50)) + " / " + ResultsTable.micros(times.micros(99));
    }

    void firstToken(String what, Map<Arm, SequentialFigures> stream, Arm plain, Arm agent) {
        Percentiles without = stream.get(plain).firstToken();
        Percentiles with = stream.get(agent).firstToken();
        table.addedMicros("Time to first token p50, " + what, without.micros(50), with.micros(50));
        table.addedMicros("Time to first token p99, " + what, without.micros(99), with.micros(99));
        stream.forEach((arm, figures) -> raw.sequential("stream: " + what, arm, figures, null));
    }
}
