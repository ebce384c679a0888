package io.llmfailover.benchmarks.load;

import java.util.List;

/**
 * The arms of one run: the app alone, with our agent, with it and telemetry off, and with the
 * OpenTelemetry Java agent alone, the peer whose added cost issue 39's targets are ratios to.
 */
record Arms(Arm plain, Arm agent, Arm telemetryOff, Arm peer) {

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
