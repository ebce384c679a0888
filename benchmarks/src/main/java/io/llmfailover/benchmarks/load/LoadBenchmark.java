package io.llmfailover.benchmarks.load;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The end-to-end benchmark of issues 15 and 39's targets, in one run: the same app in long-lived
 * child JVMs without the agent, with it, with it and telemetry off, and with the OpenTelemetry Java
 * agent alone ({@link Arms}), driven in alternating blocks against loopback stub providers served
 * from this JVM, both agents exporting to a collector in a process of its own ({@link OtlpSink});
 * then hello-world apps' start-up (the JDK client, the OpenAI SDK), and JMH's allocation per
 * pass-through call. Prints every target with its figure and whether it is met, and writes the table
 * into BENCHMARKS.md. Options: {@link BenchmarkOptions}, documented in {@code benchmarks/run-load.sh}.
 */
public final class LoadBenchmark {

    private static final String JDK = "jdk";
    private static final String OKHTTP = "okhttp";
    static final Duration READY_TIMEOUT = Duration.ofSeconds(60);

    private final BenchmarkOptions options;
    private final ResultsTable table = new ResultsTable();
    private final RawTable raw = new RawTable();
    private final SequentialRows rows = new SequentialRows(table, raw);
    private final List<String> warnings = new ArrayList<>();

    private LoadBenchmark(BenchmarkOptions options) {
        this.options = options;
    }

    public static void main(String[] args) throws Exception {
        new LoadBenchmark(BenchmarkOptions.parse(args)).run();
    }

    private void run() throws IOException, InterruptedException {
        String java = options.java();
        Path agentJar = options.agentJar();
        if (!Files.isRegularFile(agentJar)) {
            throw new IllegalArgumentException("no agent jar at " + agentJar + "; build it first: ./mvnw -q -DskipTests package");
        }
        String machine = MachineInfo.describe(java);
        String busy = MachineInfo.busyWarning();
        System.out.println("Load average at start: " + MachineInfo.loadAverage() + " (" + MachineInfo.cores() + " cores)");
        long started = System.nanoTime();
        Path work = Files.createTempDirectory("llm-failover-load-");
        ChildProcess children = new ChildProcess(java, appClassPath(options.appLibs()), work);
        try (StubProviders stubs = new StubProviders(options.delayMillis());
                DrivenApp sink = DrivenApp.start(children, "otlp-sink", List.of(), OtlpSink.class)) {
            int sinkPort = (int) Command.parse(sink.awaitLine(List.of("SINK"), READY_TIMEOUT)).number("port");
            Arms arms = Arms.of(agentJar, options.otelAgentJar(), stubs, sinkPort, work);
            SinkStats sinkAtStart = SinkStats.read(sinkPort);
            String javaVersion = load(children, stubs, arms);
            SinkStats exportedUnderLoad = SinkStats.read(sinkPort).since(sinkAtStart);
            System.out.println("   the collector received " + exportedUnderLoad.describe());

            new StartupPhase(table, options.startupRuns()).run(children,
                    new ChildProcess(java, appClassPath(options.sdkLibs()), work), stubs, arms.agent(), sinkPort);
            allocationPerPassThroughCall(children);

            String results = results(machine + " (" + javaVersion + ")", busy, exportedUnderLoad,
                    (System.nanoTime() - started) / 1_000_000_000);
            System.out.println();
            System.out.println(results);
            BenchmarksFile.writeResults(options.out(), results);
            System.out.println("Written into " + options.out().toAbsolutePath());
        } finally {
            deleteRecursively(work);
        }
    }

    /** The load phases, on four long-lived apps. @return the apps' JDK version */
    private String load(ChildProcess children, StubProviders stubs, Arms arms) throws IOException, InterruptedException {
        Map<Arm, DrivenApp> apps = new LinkedHashMap<>();
        try {
            String javaVersion = "";
            for (Arm arm : arms.all()) {
                DrivenApp app = DrivenApp.start(children, arm.label(), jvmOptions(arm), LoadApp.class);
                apps.put(arm, app);
                javaVersion = Command.parse(app.awaitLine(List.of("READY"), READY_TIMEOUT)).get("java");
            }
            Alternation alternation = new Alternation(apps);
            String happy = stubs.chatUrl(StubProviders.Name.HAPPY);
            String backup = stubs.chatUrl(StubProviders.Name.BACKUP);

            for (String client : List.of(JDK, OKHTTP)) {
                Map<Arm, SequentialFigures> latency = sequential(alternation, "latency", client, arms.all(), happy, null,
                        false, options.latencySeconds());
                rows.addedLatency(clientName(client), latency, arms);
                if (client.equals(JDK)) {
                    requireAgentStarted(apps, arms.agent(), arms.telemetryOff());
                }
            }
            for (String client : List.of(JDK, OKHTTP)) {
                throughput(alternation, client, arms, happy);
            }
            for (String client : List.of(JDK, OKHTTP)) {
                Map<Arm, SequentialFigures> failover = sequential(alternation, "failover", client, arms.governedAndPlain(),
                        stubs.chatUrl(StubProviders.Name.FLAKY), backup, false, options.failoverSeconds());
                failoverDecision(stubs, client, failover, arms);
            }
            Map<Arm, SequentialFigures> stream = sequential(alternation, "stream", JDK, arms.plainAndAgent(), happy, null,
                    true, options.streamSeconds());
            rows.firstToken("streaming pass-through, JDK", stream, arms.plain(), arms.agent());
            Map<Arm, SequentialFigures> translated = sequential(alternation, "translated-stream", JDK, arms.plainAndAgent(),
                    stubs.chatUrl(StubProviders.Name.DOWN), backup, true, options.streamSeconds());
            rows.firstToken("503 then the Anthropic backup translated (no agent: the app retries an OpenAI backup), JDK",
                    translated, arms.plain(), arms.agent());
            return javaVersion;
        } finally {
            for (DrivenApp app : apps.values()) {
                app.close();
            }
        }
    }

    private List<String> jvmOptions(Arm arm) throws IOException {
        List<String> jvmOptions = new ArrayList<>(arm.loadAppOptions(options.codeCacheFlushing()));
        if (options.profileDirectory().isPresent()) {
            // A flight recording of the whole app, written when it quits: `jfr print` or JDK Mission Control.
            Path recording = options.profileDirectory().get().resolve(arm.key() + ".jfr");
            Files.createDirectories(recording.getParent());
            jvmOptions.add("-XX:StartFlightRecording=settings=profile,filename=" + recording);
            System.out.println("   recording " + arm.label() + " into " + recording);
        }
        return jvmOptions;
    }

    private Map<Arm, SequentialFigures> sequential(Alternation alternation, String phase, String client, List<Arm> arms,
            String url, String fallback, boolean stream, Duration measured) throws IOException {
        System.out.println("== " + phase + ", " + clientName(client) + ", one call at a time: " + arms.size()
                + " arms alternated in blocks of " + options.blockCalls() + " calls, " + options.warmupSeconds().toSeconds()
                + " s warm-up at least (more until the JIT settled), " + measured.toSeconds() + " s measured");
        Map<Arm, List<Command>> answers = alternation.run(arms, (arm, measuring, round) -> Command.of("sequential")
                .with("client", client).with("url", url).with("fallback", fallback == null ? "-" : fallback)
                .with("stream", stream).with("calls", options.blockCalls())
                .with("id", callIdPrefix(arm, phase, client, measuring) + round), options.warmupSeconds(), measured);
        System.out.println("   warm-up took " + alternation.lastWarmup().toSeconds() + " s"
                + (alternation.lastSettled() ? " (until the JIT settled)" : " (the JIT was still compiling at its cap)"));
        Map<Arm, SequentialFigures> figures = new LinkedHashMap<>();
        answers.forEach((arm, blocks) -> {
            SequentialFigures merged = SequentialFigures.merge(blocks);
            figures.put(arm, merged);
            if (arm.governed() && merged.ownRetries() > 0) {
                warnings.add("In the " + phase + " phase (" + clientName(client) + "), the app with the agent ('"
                        + arm.label() + "') saw a 5xx and retried itself " + merged.ownRetries()
                        + " times: the agent did not govern those calls, so their figures are the app's, not the agent's.");
            }
            System.out.printf("   %-26s %7d calls, %d errors, latency p50 %s p99 %s, CPU per call %s caller, %s JVM%n",
                    arm.label(), merged.latency().count(), merged.errors(), ResultsTable.micros(merged.latency().micros(50)),
                    ResultsTable.micros(merged.latency().micros(99)), ResultsTable.micros(merged.callerCpuMicrosPerCall()),
                    ResultsTable.micros(merged.processCpuMicrosPerCall()));
        });
        return figures;
    }

    /** Ids of measured calls hold "-m-", which is what the stubs note decision times for. */
    private static String callIdPrefix(Arm arm, String phase, String client, boolean measured) {
        return arm.key() + "-" + phase + "-" + client + (measured ? "-m-" : "-w-");
    }

    private void throughput(Alternation alternation, String client, Arms arms, String url) throws IOException {
        String name = clientName(client);
        Duration block = options.throughputBlock();
        System.out.println("== throughput, " + name + ", " + options.callers() + " callers in a closed loop: "
                + arms.all().size() + " arms alternated in blocks of " + block.toMillis()
                + " ms, warm-up rounds until the JIT settled, " + options.throughputSeconds().toSeconds() + " s measured");
        Map<Arm, List<Command>> answers = alternation.run(arms.all(), (arm, measuring, round) -> Command.of("closed")
                .with("client", client).with("url", url).with("callers", options.callers())
                .with("millis", block.toMillis())
                .with("id", callIdPrefix(arm, "throughput", client, measuring) + round), Duration.ZERO,
                options.throughputSeconds());
        Map<Arm, ThroughputFigures> figures = new LinkedHashMap<>();
        answers.forEach((arm, blocks) -> {
            ThroughputFigures sum = ThroughputFigures.sum(blocks);
            figures.put(arm, sum);
            raw.throughput("throughput, " + options.callers() + " callers, " + name, arm, sum);
            System.out.printf("   %-26s %7d calls, %d errors, %.0f calls/s, %s allocated per call%n", arm.label(),
                    sum.calls(), sum.errors(), sum.callsPerSecond(), ResultsTable.kilobytes(sum.allocatedPerCall()));
        });
        double plain = figures.get(arms.plain()).callsPerSecond();
        String figure = "Throughput, " + options.callers() + " callers, closed loop, " + name;
        table.throughputBesidePeer(figure, plain, figures.get(arms.peer()).callsPerSecond(),
                figures.get(arms.agent()).callsPerSecond(), 0.90);
        table.throughput(figure + ", agent with otel.sdk.disabled", plain,
                figures.get(arms.telemetryOff()).callsPerSecond(), 0.97);
        table.addedKilobytesBesidePeer("Allocation per call, whole app JVM, " + name + " (throughput arms)",
                figures.get(arms.plain()).allocatedPerCall(), figures.get(arms.peer()).allocatedPerCall(),
                figures.get(arms.agent()).allocatedPerCall());
        table.addedKilobytes("Allocation per call, whole app JVM, " + name + ", agent with otel.sdk.disabled",
                figures.get(arms.plain()).allocatedPerCall(), figures.get(arms.telemetryOff()).allocatedPerCall());
    }

    private void failoverDecision(StubProviders stubs, String client, Map<Arm, SequentialFigures> failover, Arms arms) {
        rows.failoverDecision(clientName(client), failover, arms, decision(stubs, arms.plain(), client),
                decision(stubs, arms.agent(), client), decision(stubs, arms.telemetryOff(), client));
    }

    private static Percentiles decision(StubProviders stubs, Arm arm, String client) {
        return new Percentiles(stubs.decisionNanos(callIdPrefix(arm, "failover", client, true)));
    }

    private void allocationPerPassThroughCall(ChildProcess children) throws IOException, InterruptedException {
        System.out.println("== allocation per pass-through call: JMH GatewayBenchmark.passThrough -prof gc");
        JmhAllocation.Figures jmh = JmhAllocation.measure(children, options.jmhJar(), options.quick());
        table.agentOnlyBytes(ResultsTable.format("Allocation per pass-through call, runtime alone (JMH GatewayBenchmark"
                + ".passThrough, gc.alloc.rate.norm; %.1f us per call)", jmh.nanosPerCall() / 1000), jmh.bytesPerCall(),
                2048);
        System.out.printf("   %.0f B and %.0f ns per call%n", jmh.bytesPerCall(), jmh.nanosPerCall());
    }

    private String results(String machine, String busy, SinkStats exported, long seconds) {
        String when = ZonedDateTime.now().format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm z"));
        return "Produced by `benchmarks/run-load.sh" + (options.quick() ? " --quick" : "") + "` on " + when + ", in "
                + seconds + " s.\n\n"
                + "Machine: " + machine + ".\n\n"
                + (busy.isEmpty() ? "" : busy + "\n\n")
                + "Workload: loopback stubs answering at once; one call at a time in blocks of " + options.blockCalls()
                + " calls alternated between the arms (" + options.warmupSeconds().toSeconds()
                + " s warm-up per phase at least, longer until no app compiled more than "
                + Alternation.SETTLED_JIT_MILLIS + " ms in a round, then "
                + options.latencySeconds().toSeconds() + " s measured per client for latency, "
                + options.failoverSeconds().toSeconds() + " s for failover, "
                + options.streamSeconds().toSeconds() + " s per stream phase); throughput with " + options.callers()
                + " callers in blocks of " + options.throughputBlock().toMillis() + " ms ("
                + options.throughputSeconds().toSeconds() + " s measured); start-up medians of " + options.startupRuns()
                + " runs each way. The load apps ran "
                + (options.codeCacheFlushing() ? "with JDK 17's code cache flushing on, its default"
                        : "with -XX:-UseCodeCacheFlushing, every arm alike: idle between its blocks, an app's compiled code"
                        + " is otherwise flushed and compiled again, an artefact of the alternation (BENCHMARKS.md)")
                + ". The OTel agent arm is the OpenTelemetry Java agent 2.21.0 alone, its HTTP client"
                + " instrumentation on (one client span and one duration histogram point per call), traces and metrics"
                + " over OTLP/HTTP protobuf, logs and JVM runtime metrics off, as ours. Both agents exported to a"
                + " collector in another process, which received " + exported.describe()
                + " from the two during the load phases.\n\n"
                + "Targets met: " + (table.targets() - table.missed()) + " of " + table.targets() + ".\n\n"
                + warnings.stream().map(warning -> "**Warning**: " + warning + "\n\n").reduce("", String::concat)
                + table.markdown() + "\n"
                + "Every arm, raw:\n\n"
                + raw.markdown();
    }

    private static void requireAgentStarted(Map<Arm, DrivenApp> apps, Arm... arms) throws IOException {
        for (Arm arm : arms) {
            String stderr = apps.get(arm).stderr();
            if (!stderr.contains("llm-failover: started")) {
                throw new IOException("the agent did not start in the app '" + arm.label()
                        + "', so the figures would mean nothing:\n" + stderr);
            }
        }
    }

    /** The benchmark's own classes and the apps' libraries: no runtime or agent class, like any app. */
    static String appClassPath(Path libraries) throws IOException {
        List<String> entries = new ArrayList<>(List.of(System.getProperty("java.class.path").split(File.pathSeparator)));
        try (Stream<Path> jars = Files.list(libraries)) {
            jars.filter(jar -> jar.toString().endsWith(".jar")).sorted().forEach(jar -> entries.add(jar.toString()));
        }
        return String.join(File.pathSeparator, entries);
    }

    private static String clientName(String client) {
        return client.equals(JDK) ? "JDK HttpClient" : "OkHttp";
    }

    static void deleteRecursively(Path directory) throws IOException {
        try (Stream<Path> paths = Files.walk(directory)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        }
    }
}
