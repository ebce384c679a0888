package io.llmfailover.benchmarks.load;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The load benchmark's options ({@code --name value}, and the flag {@code --quick}), with the
 * defaults that make one run last about five minutes, and {@code --quick}'s for a smoke run.
 */
final class BenchmarkOptions {

    private final Map<String, String> values;
    private final boolean quick;

    private BenchmarkOptions(Map<String, String> values, boolean quick) {
        this.values = values;
        this.quick = quick;
    }

    static BenchmarkOptions parse(String[] args) {
        Map<String, String> values = new LinkedHashMap<>();
        boolean quick = false;
        for (int i = 0; i < args.length; i++) {
            String name = args[i].replaceFirst("^--", "");
            if (name.equals("quick")) {
                quick = true;
            } else if (i + 1 < args.length) {
                values.put(name, args[++i]);
            } else {
                throw new IllegalArgumentException("option --" + name + " needs a value");
            }
        }
        return new BenchmarkOptions(values, quick);
    }

    boolean quick() {
        return quick;
    }

    String java() {
        return values.getOrDefault("java", Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    Path agentJar() {
        return Path.of(required("agent")).toAbsolutePath();
    }

    /** The apps' libraries (OkHttp, Okio, Kotlin), copied there by the build. */
    Path appLibs() {
        return Path.of(required("app-libs")).toAbsolutePath();
    }

    /** The OpenTelemetry Java agent, the peer arm, copied there by the build. */
    Path otelAgentJar() {
        return Path.of(required("otel-agent")).toAbsolutePath();
    }

    /** The OpenAI SDK app's libraries (openai-java, OkHttp, Jackson, Kotlin), copied there by the build. */
    Path sdkLibs() {
        return Path.of(required("sdk-libs")).toAbsolutePath();
    }

    Path jmhJar() {
        return Path.of(required("jmh-jar")).toAbsolutePath();
    }

    Path out() {
        return Path.of(values.getOrDefault("out", "BENCHMARKS.md"));
    }

    Optional<Path> profileDirectory() {
        return Optional.ofNullable(values.get("profile")).map(path -> Path.of(path).toAbsolutePath());
    }

    /** Calls of one sequential block: a few hundred, so that a block takes a fraction of a second. */
    int blockCalls() {
        return (int) number("block-calls", 500, 200);
    }

    /** Warm-up of each one-at-a-time phase, not kept (the JIT, connections, the agent's instrumentation). */
    Duration warmupSeconds() {
        return Duration.ofSeconds(number("warmup-seconds", 5, 1));
    }

    Duration latencySeconds() {
        return Duration.ofSeconds(number("latency-seconds", 30, 3));
    }

    int callers() {
        return (int) number("callers", 16, 16);
    }

    Duration throughputBlock() {
        return Duration.ofMillis(number("throughput-block-ms", 3000, 1000));
    }

    Duration throughputSeconds() {
        return Duration.ofSeconds(number("throughput-seconds", 45, 3));
    }

    Duration failoverSeconds() {
        return Duration.ofSeconds(number("failover-seconds", 15, 3));
    }

    Duration streamSeconds() {
        return Duration.ofSeconds(number("stream-seconds", 8, 2));
    }

    int startupRuns() {
        return (int) number("startup-runs", 5, 1);
    }

    /** The client of {@code ThreadsUnderLoad}: jdk or okhttp. */
    String client() {
        return values.getOrDefault("client", "jdk");
    }

    /** Whether the load apps flush cold compiled code, as JDK 17 does by default ({@link Arm#loadAppOptions}). */
    boolean codeCacheFlushing() {
        return Boolean.parseBoolean(values.getOrDefault("code-cache-flushing", "false"));
    }

    long delayMillis() {
        return number("delay-ms", 0, 0);
    }

    private long number(String name, long fallback, long quickFallback) {
        String value = values.get(name);
        return value != null ? Long.parseLong(value) : quick ? quickFallback : fallback;
    }

    private String required(String name) {
        String value = values.get(name);
        if (value == null) {
            throw new IllegalArgumentException("missing option --" + name);
        }
        return value;
    }
}
