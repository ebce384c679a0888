package io.llmfailover.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;

/**
 * Launches one child app in its own JVM, on this module's test class path (which holds no agent
 * classes), optionally with the agent attached, and waits a bounded time for it.
 */
final class ChildJvm {

    static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);

    /**
     * Every child's JVM options unless it asks for {@link #steadyState()}: most children make a few
     * calls and exit, and for them the C1 compiler alone and the serial collector (no compiler or GC
     * threads to start) cut a fifth of the CPU a start costs, on a CI machine of two cores. What the
     * agent does does not depend on the JIT tier or the collector.
     */
    private static final List<String> QUICK_START = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");

    /** Variables of the test's own environment that would steer the child's agent or JVM. */
    private static final List<String> SCRUBBED_ENV = List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS");

    /** Prefixes of the test's own variables that would steer the child's agent, telemetry or clock. */
    private static final List<String> SCRUBBED_ENV_PREFIXES = List.of("LLM_FAILOVER_", "OTEL_", "FAKETIME");

    private final Class<?> mainClass;
    private final Path workingDirectory;
    private final List<String> jvmArgs = new ArrayList<>();
    private boolean quickStart = true;
    private final List<String> args = new ArrayList<>();
    private final Map<String, String> env = new LinkedHashMap<>();
    private String javaagent;
    private String classPath = System.getProperty("java.class.path");
    private Duration timeout = DEFAULT_TIMEOUT;

    private ChildJvm(Class<?> mainClass, Path workingDirectory) {
        this.mainClass = mainClass;
        this.workingDirectory = workingDirectory;
    }

    /** A child running {@code mainClass}, in a directory of its own (no stray llm-failover.properties). */
    static ChildJvm of(Class<?> mainClass, Path workingDirectory) {
        return new ChildJvm(mainClass, workingDirectory);
    }

    ChildJvm args(String... values) {
        args.addAll(List.of(values));
        return this;
    }

    /** A JVM option, placed before the agent's {@code -javaagent} (another agent attached first, say). */
    ChildJvm jvmArg(String option) {
        jvmArgs.add(option);
        return this;
    }

    /** The JVM's own JIT and collector, as in production: for children that run a load for a while. */
    ChildJvm steadyState() {
        quickStart = false;
        return this;
    }

    ChildJvm env(String name, String value) {
        env.put(name, value);
        return this;
    }

    /**
     * The child's wall clock runs {@code skew} ahead of the machine's, as on a host whose clock is
     * wrong: libfaketime preloaded with {@code FAKETIME=+<seconds>} (see {@link LibfaketimeInstalled}).
     * Not the {@code faketime} wrapper, whose relative form wants {@code -f}, and without
     * {@code FAKETIME_DONT_FAKE_MONOTONIC=1}: with it, libfaketime 0.9.10 still shifts the deadlines
     * the JVM passes to {@code pthread_cond_timedwait} on the monotonic clock, so every timed wait
     * returns at once ({@code Object.wait(500)} after 0 ms, {@code Thread.sleep} spinning). The
     * monotonic clock shifted by the same constant changes no interval the JVM measures.
     */
    ChildJvm clockAhead(Duration skew) {
        env.put("LD_PRELOAD", LibfaketimeInstalled.library()
                .orElseThrow(() -> new IllegalStateException(LibfaketimeInstalled.MISSING)).toString());
        env.put("FAKETIME", "+" + skew.toSeconds());
        return this;
    }

    /** Attaches the agent with this config file, as {@code -javaagent:<jar>=config=<file>}. */
    ChildJvm withAgent(Path configFile) {
        javaagent = "-javaagent:" + AgentJar.locate() + "=config=" + configFile.toAbsolutePath();
        return this;
    }

    /** Attaches the agent with these raw agent arguments: {@code -javaagent:<jar>=<arguments>}. */
    ChildJvm withAgentArguments(String arguments) {
        javaagent = "-javaagent:" + AgentJar.locate() + "=" + arguments;
        return this;
    }

    /** Attaches the agent with no config file anywhere it looks. */
    ChildJvm withAgentAndNoConfig() {
        javaagent = "-javaagent:" + AgentJar.locate();
        return this;
    }

    /** Runs the child on another class path than this module's test class path (e.g. another OkHttp). */
    ChildJvm classPath(String value) {
        classPath = value;
        return this;
    }

    ChildJvm timeout(Duration value) {
        timeout = value;
        return this;
    }

    /** {@link #run()} on a thread of its own: for a test that acts on the child's world while it runs. */
    CompletableFuture<AppOutput> start() {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return run();
            } catch (IOException | InterruptedException e) {
                throw new CompletionException(e);
            }
        });
    }

    AppOutput run() throws IOException, InterruptedException {
        List<String> command = command();
        Path stdout = Files.createTempFile(workingDirectory, "child-", ".out");
        Path stderr = Files.createTempFile(workingDirectory, "child-", ".err");
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(workingDirectory.toFile())
                .redirectOutput(stdout.toFile())
                .redirectError(stderr.toFile());
        SCRUBBED_ENV.forEach(builder.environment()::remove);
        builder.environment().keySet().removeIf(name -> SCRUBBED_ENV_PREFIXES.stream().anyMatch(name::startsWith));
        if (!env.containsKey("OTEL_EXPORTER_OTLP_ENDPOINT")) {
            // No collector listens here: a test that is not about telemetry turns export off, so
            // its child does not spend its exit retrying one.
            builder.environment().put("OTEL_TRACES_EXPORTER", "none");
            builder.environment().put("OTEL_METRICS_EXPORTER", "none");
        }
        // A cloud identity's credential chain never looks for a cloud's metadata server: tests stay on loopback.
        builder.environment().put("AWS_EC2_METADATA_DISABLED", "true");
        builder.environment().put("NO_GCE_CHECK", "true");
        builder.environment().putAll(env);

        Process process = builder.start();
        boolean finished = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (!finished) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        return new AppOutput(String.join(" ", command), finished ? process.exitValue() : null,
                Files.readString(stdout, StandardCharsets.UTF_8), Files.readString(stderr, StandardCharsets.UTF_8));
    }

    private List<String> command() {
        List<String> command = new ArrayList<>();
        command.add(javaExecutable());
        if (quickStart) {
            command.addAll(QUICK_START);
        }
        command.addAll(jvmArgs);
        if (javaagent != null) {
            command.add(javaagent);
        }
        command.add("-cp");
        command.add(classPath);
        command.add(mainClass.getName());
        command.addAll(args);
        return command;
    }

    private static String javaExecutable() {
        String configured = System.getProperty("e2e.java");
        if (configured != null && !configured.isBlank()) {
            return configured;
        }
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
