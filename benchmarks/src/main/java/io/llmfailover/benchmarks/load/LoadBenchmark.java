package io.llmfailover.benchmarks.load;

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
 * The end-to-end load benchmark: the same client workload in a child JVM without the agent, then
 * with it, against loopback stub providers served from this JVM; then a hello-world app started
 * several times each way. Prints the results table and writes it into BENCHMARKS.md.
 *
 * <p>Options: {@code --java <bin/java of the apps>}, {@code --agent <agent jar>}, {@code --out
 * <BENCHMARKS.md>}, {@code --seconds <measured seconds per phase, default 8>}, {@code --callers <64>},
 * {@code --delay-ms <provider answer time, 2>}, {@code --think-ms <pause of paced callers, 20>},
 * {@code --startup-runs <5>}, {@code --profile <directory for a JFR recording of each load app>}.
 */
public final class LoadBenchmark {

    static final String THROUGHPUT = "throughput";
    static final String LATENCY = "latency";
    static final String FAILOVER = "failover";
    static final String STREAM = "stream";
    static final String TRANSLATED = "translated-stream";
    private static final List<String> PHASES = List.of(THROUGHPUT, LATENCY, FAILOVER, STREAM, TRANSLATED);

    private final Map<String, String> options;

    private LoadBenchmark(Map<String, String> options) {
        this.options = options;
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> options = new LinkedHashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            options.put(args[i].replaceFirst("^--", ""), args[i + 1]);
        }
        new LoadBenchmark(options).run();
    }

    private void run() throws IOException, InterruptedException {
        String java = options.getOrDefault("java", Path.of(System.getProperty("java.home"), "bin", "java").toString());
        Path agentJar = Path.of(required("agent")).toAbsolutePath();
        Path out = Path.of(options.getOrDefault("out", "BENCHMARKS.md"));
        if (!Files.isRegularFile(agentJar)) {
            throw new IllegalArgumentException("no agent jar at " + agentJar + "; build it first: ./mvnw -q -DskipTests package");
        }
        String machine = MachineInfo.describe(java);
        Path work = Files.createTempDirectory("llm-failover-load-");
        try (StubProviders stubs = new StubProviders(longOption("delay-ms", 2))) {
            Path config = writeConfig(stubs, work);
            String javaagent = "-javaagent:" + agentJar + "=config=" + config;
            ChildProcess children = new ChildProcess(java, System.getProperty("java.class.path"), work);
            List<Phase> phases = phases(stubs);

            ResultsTable.Run plain = load(children, stubs, "plain", null, phases);
            ResultsTable.Run agent = load(children, stubs, "agent", javaagent, phases);

            int startupRuns = (int) longOption("startup-runs", 5);
            System.out.println("== start-up: a hello-world app, " + startupRuns + " runs each way, interleaved");
            StartupProbe probe = new StartupProbe(children, startupRuns);
            StartupProbe.Startup[] hello = probe.measure(javaagent, List.of());
            StartupProbe.Startup[] firstCall = probe.measure(javaagent, List.of(stubs.baseUrl(StubProviders.Name.HAPPY)
                    + "/chat/completions"));

            String results = results(machine + " (" + hello[0].javaVersion() + ")", plain, agent, hello, firstCall,
                    startupRuns);
            System.out.println();
            System.out.println(results);
            BenchmarksFile.writeResults(out, results);
            System.out.println("Written into " + out.toAbsolutePath());
        } finally {
            deleteRecursively(work);
        }
    }

    private List<Phase> phases(StubProviders stubs) {
        int callers = (int) longOption("callers", 64);
        long measure = longOption("seconds", 8) * 1000;
        long think = longOption("think-ms", 20);
        String happy = chatUrl(stubs, StubProviders.Name.HAPPY);
        String backup = chatUrl(stubs, StubProviders.Name.BACKUP);
        String none = Phase.NO_FALLBACK;
        return List.of(
                new Phase(THROUGHPUT, happy, none, false, callers, 0, 4000, measure + 2000),
                new Phase(LATENCY, happy, none, false, callers, think, 2000, measure),
                new Phase(FAILOVER, chatUrl(stubs, StubProviders.Name.FLAKY), backup, false, callers, think, 2000, measure),
                new Phase(STREAM, happy, none, true, callers, think, 2000, measure * 3 / 4),
                new Phase(TRANSLATED, chatUrl(stubs, StubProviders.Name.DOWN), backup, true, callers, think, 2000,
                        measure * 3 / 4));
    }

    private ResultsTable.Run load(ChildProcess children, StubProviders stubs, String label, String javaagent,
            List<Phase> phases) throws IOException, InterruptedException {
        long seconds = phases.stream().mapToLong(phase -> phase.warmupMillis() + phase.measureMillis()).sum() / 1000;
        System.out.println("== load, " + (javaagent == null ? "without the agent" : "with the agent") + ": "
                + PHASES + ", about " + seconds + " s");
        stubs.forget();
        List<String> args = new ArrayList<>();
        args.add(label);
        phases.forEach(phase -> args.add(phase.encode()));
        List<String> jvmOptions = new ArrayList<>();
        if (options.containsKey("profile")) {
            // A flight recording of the whole child, to look at with `jfr print` or JDK Mission Control.
            Path recording = Path.of(options.get("profile")).toAbsolutePath().resolve(label + ".jfr");
            Files.createDirectories(recording.getParent());
            jvmOptions.add("-XX:StartFlightRecording=settings=profile,filename=" + recording);
            System.out.println("   recording " + recording);
        }
        ChildProcess.Exit exit = children.run(javaagent, jvmOptions, LoadApp.class, args,
                Duration.ofSeconds(seconds + 120));
        if (exit.code() != 0) {
            throw new IOException("the load app failed (exit " + exit.code() + "):\n" + exit.stdout() + exit.stderr());
        }
        if (javaagent != null && !exit.stderr().contains("llm-failover: started")) {
            throw new IOException("the agent did not start in the load app, so the figures would mean nothing:\n"
                    + exit.stderr());
        }
        exit.stderr().lines().filter(line -> !line.isBlank()).forEach(line -> System.out.println("   | " + line));
        Map<String, PhaseResult> results = new LinkedHashMap<>();
        exit.stdout().lines().filter(line -> line.startsWith("PHASE ")).forEach(line -> {
            String name = line.substring("PHASE name=".length(), line.indexOf(' ', "PHASE ".length()));
            PhaseResult phase = PhaseResult.parse(line, new Percentiles(stubs.decisionNanos(label, name)));
            results.put(name, phase);
            System.out.printf("   %-18s %7d calls %8.0f calls/s  %d errors%n", name, phase.calls(), phase.callsPerSecond(),
                    phase.errors());
        });
        if (!results.keySet().containsAll(PHASES)) {
            throw new IOException("the load app reported " + results.keySet() + ", not every phase of " + PHASES
                    + ":\n" + exit.stdout() + exit.stderr());
        }
        return new ResultsTable.Run(results);
    }

    private String results(String machine, ResultsTable.Run plain, ResultsTable.Run agent, StartupProbe.Startup[] hello,
            StartupProbe.Startup[] firstCall, int startupRuns) {
        ResultsTable table = new ResultsTable(plain, agent);
        table.throughput(THROUGHPUT, "Throughput, blocking calls, closed loop");
        table.addedLatency(LATENCY, "Latency p50, blocking calls (added by the agent)", 0, 30.0);
        table.addedLatency(LATENCY, "Latency p99", 1, 200.0);
        table.addedLatency(LATENCY, "Latency p99.9", 2, null);
        table.decision(FAILOVER, "Failover decision p50: 503 head sent to fallback request received", 50, null);
        table.decision(FAILOVER, "Failover decision p99", 99, 1000.0);
        table.addedFirstToken(STREAM, "Time to first token p50, streaming pass-through", 0, null);
        table.addedFirstToken(STREAM, "Time to first token p99, streaming pass-through", 1, null);
        table.addedFirstToken(TRANSLATED, "Time to first token p50, 503 then Anthropic backup translated", 0, null);
        table.addedFirstToken(TRANSLATED, "Time to first token p99, 503 then Anthropic backup translated", 1, null);
        table.allocation(THROUGHPUT, "Allocation per call, whole app JVM");
        table.startup("Start-up, hello world (process wall time, median)", hello[0], hello[1], 200.0);
        table.resident("Resident memory, hello world (VmRSS at end of main, median)", hello[0], hello[1], 40.0);
        table.startup("Start-up, hello world making one HttpClient call", firstCall[0], firstCall[1], null);
        table.resident("Resident memory, hello world making one HttpClient call", firstCall[0], firstCall[1], null);
        String when = ZonedDateTime.now().format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm z"));
        return "Produced by `benchmarks/run-load.sh` on " + when + ".\n\n"
                + "Machine: " + machine + ".\n\n"
                + "Workload: " + longOption("callers", 64) + " caller threads, JDK HttpClient (HTTP/1.1), providers answering in "
                + longOption("delay-ms", 2) + " ms; paced phases pause " + longOption("think-ms", 20)
                + " ms between a caller's calls; " + longOption("seconds", 8) + " s measured per phase; start-up medians of "
                + startupRuns + " runs each way. Errors: " + plain.errors() + " without the agent, " + agent.errors()
                + " with it.\n\n"
                + table.markdown() + "\n"
                + "Every phase, raw:\n\n"
                + table.phasesMarkdown(PHASES);
    }

    private Path writeConfig(StubProviders stubs, Path work) throws IOException {
        String config = String.join("\n",
                "# Written by the load benchmark: loopback stubs only.",
                "provider.happy.url = " + stubs.baseUrl(StubProviders.Name.HAPPY),
                "provider.happy.protocol = openai",
                "provider.backup.url = " + stubs.baseUrl(StubProviders.Name.BACKUP),
                "provider.backup.protocol = openai",
                "provider.backup.api-key = sk-bench-backup-key",
                "provider.flaky.url = " + stubs.baseUrl(StubProviders.Name.FLAKY),
                "provider.flaky.protocol = openai",
                "provider.down.url = " + stubs.baseUrl(StubProviders.Name.DOWN),
                "provider.down.protocol = openai",
                "provider.claude.url = " + stubs.baseUrl(StubProviders.Name.CLAUDE),
                "provider.claude.protocol = anthropic",
                "provider.claude.api-key = sk-bench-claude-key",
                "provider.claude.model.* = claude-sonnet-4-5",
                "route.happy.match = happy",
                "route.happy.chain = happy, backup",
                "route.flaky.match = flaky",
                "route.flaky.chain = flaky, backup",
                "route.down.match = down",
                "route.down.chain = down, claude",
                "# The primaries fail on every call: a breaker that never opens makes every call take the decision.",
                "breaker.consecutive-failures = 0",
                "breaker.minimum-calls = 1000000000",
                "");
        Path file = work.resolve("llm-failover.properties");
        Files.writeString(file, config, StandardCharsets.UTF_8);
        return file;
    }

    private static String chatUrl(StubProviders stubs, StubProviders.Name name) {
        return stubs.baseUrl(name) + "/chat/completions";
    }

    private String required(String name) {
        String value = options.get(name);
        if (value == null) {
            throw new IllegalArgumentException("missing option --" + name);
        }
        return value;
    }

    private long longOption(String name, long fallback) {
        return Long.parseLong(options.getOrDefault(name, String.valueOf(fallback)));
    }

    private static void deleteRecursively(Path directory) throws IOException {
        try (Stream<Path> paths = Files.walk(directory)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        }
    }
}
