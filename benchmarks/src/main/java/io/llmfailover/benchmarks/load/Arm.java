package io.llmfailover.benchmarks.load;

import java.util.List;

/**
 * One way of running the same app, side by side with the others: without the agent, with it, with
 * it and telemetry off. Nothing else differs between arms.
 *
 * @param key a word for call ids and file names
 * @param label how the results table names it
 * @param jvmOptions what makes it: the {@code -javaagent:...} option, or nothing
 */
record Arm(String key, String label, List<String> jvmOptions) {

    static Arm withoutAgent() {
        return new Arm("plain", "no agent", List.of());
    }

    static Arm withAgent(String key, String label, String agentJar, String configFile) {
        return new Arm(key, label, List.of("-javaagent:" + agentJar + "=config=" + configFile));
    }

    boolean hasAgent() {
        return !jvmOptions.isEmpty();
    }
}
