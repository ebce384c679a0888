package io.llmfailover.benchmarks.load;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The arms of one run: the app alone, with our agent, with it and telemetry off, and with the
 * OpenTelemetry Java agent alone, the peer whose added cost issue 39's targets are ratios to.
 */
record Arms(Arm plain, Arm agent, Arm telemetryOff, Arm peer) {

    /** The four, both agents exporting to the collector on {@code sinkPort}; our config files written into {@code work}. */
    static Arms of(Path agentJar, Path otelAgentJar, StubProviders stubs, int sinkPort, Path work) throws IOException {
        return new Arms(Arm.withoutAgent(),
                Arm.withAgent("agent", "agent", agentJar.toString(),
                        AgentConfigFile.write(stubs, sinkPort, work, false).toString()),
                Arm.withAgent("agent-otel-off", "agent, otel.sdk.disabled", agentJar.toString(),
                        AgentConfigFile.write(stubs, sinkPort, work, true).toString()),
                Arm.openTelemetryAgent(otelAgentJar.toString(), sinkPort));
    }

    List<Arm> all() {
        return List.of(plain, agent, telemetryOff, peer);
    }

    /** The arms of the failover phase: the peer does not fail over, its app retries as the plain one does. */
    List<Arm> governedAndPlain() {
        return List.of(plain, agent, telemetryOff);
    }

    List<Arm> plainAndAgent() {
        return List.of(plain, agent);
    }
}
