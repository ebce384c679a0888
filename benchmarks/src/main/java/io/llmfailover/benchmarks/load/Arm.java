package io.llmfailover.benchmarks.load;

import java.util.List;
import java.util.stream.Stream;

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

    /**
     * The options of this arm's long-lived load app. Unless asked otherwise, no arm flushes cold
     * compiled code: between its blocks each app idles while the others run (three quarters of the
     * time with four arms), and JDK 17's code sweeper then decays and flushes whatever was not on a
     * stack when it swept, to be compiled again in the next block. The sweeps come from code the app
     * compiled, so an app whose own threads work in those gaps (an agent's exporter) sweeps most: 8 us
     * of its compiler threads' CPU per call of ours at 16 callers on the JDK client, 0.5 us without
     * flushing. A service under steady load has no such gaps, and JDK 20 removed the sweeper.
     */
    List<String> loadAppOptions(boolean codeCacheFlushing) {
        return codeCacheFlushing ? jvmOptions : Stream.concat(jvmOptions.stream(),
                Stream.of("-XX:-UseCodeCacheFlushing")).toList();
    }

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
