package io.llmfailover.benchmarks.load;

import java.util.List;

/**
 * One way of running the same app, side by side with the others: without the agent, with it, with
 * it and telemetry off, with the OpenTelemetry Java agent alone. Nothing else differs between arms.
 *
 * @param key a word for call ids and file names
 * @param label how the results table names it
 * @param jvmOptions what makes it: the {@code -javaagent:...} option and its settings, or nothing
 * @param governed whether our agent governs the app's calls
 */
record Arm(String key, String label, List<String> jvmOptions, boolean governed) {

    static Arm withoutAgent() {
        return new Arm("plain", "no agent", List.of(), false);
    }

    static Arm withAgent(String key, String label, String agentJar, String configFile) {
        return new Arm(key, label, List.of("-javaagent:" + agentJar + "=config=" + configFile), true);
    }

    /**
     * The peer (issue 39): the OpenTelemetry Java agent as shipped, its HTTP client instrumentation on
     * (one client span per call, and the client's duration histogram), exporting traces and metrics
     * over OTLP/HTTP protobuf to the same collector as ours. Ours exports traces and metrics and no
     * logs, and no JVM metrics: so neither does the peer (logs and its runtime telemetry off).
     */
    static Arm openTelemetryAgent(String otelAgentJar, int sinkPort) {
        return new Arm("otel", "OTel agent", List.of("-javaagent:" + otelAgentJar,
                "-Dotel.service.name=llm-failover-load-benchmark",
                "-Dotel.exporter.otlp.protocol=http/protobuf",
                "-Dotel.exporter.otlp.endpoint=http://127.0.0.1:" + sinkPort,
                "-Dotel.traces.exporter=otlp",
                "-Dotel.metrics.exporter=otlp",
                "-Dotel.logs.exporter=none",
                "-Dotel.instrumentation.runtime-telemetry.enabled=false"), false);
    }
}
