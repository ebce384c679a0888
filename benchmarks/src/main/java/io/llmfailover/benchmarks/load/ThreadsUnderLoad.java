package io.llmfailover.benchmarks.load;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where the CPU goes under load, thread by thread (issue 39): the load benchmark's four arms (no
 * agent, ours, ours with telemetry off, the OpenTelemetry agent) driven by closed-loop callers in
 * alternating blocks, each block bracketed by {@link ThreadTimes} of its app. Prints per arm the
 * throughput and, per call, each group of threads' user and system CPU and context switches; the
 * callers, started afresh for every block, have exited by its end, so theirs is what the process
 * spent beyond its live threads. What costs under contention and not alone shows here: a thread
 * hop is a voluntary switch per call on some thread, kernel time is system time; a JIT still
 * compiling shows as the compiler threads' time, which is why the warm-up waits for it. Run by
 * {@code benchmarks/threads-under-load.sh}; options as the load benchmark's, plus {@code --client},
 * {@code --rounds} and {@code --warmup-rounds}.
 */
public final class ThreadsUnderLoad {

    private static final Duration BLOCK_TIMEOUT = Duration.ofMinutes(3);

    private ThreadsUnderLoad() {}

    public static void main(String[] args) throws Exception {
        BenchmarkOptions options = BenchmarkOptions.parse(args);
        Path work = Files.createTempDirectory("llm-failover-threads-");
        ChildProcess children = new ChildProcess(options.java(), LoadBenchmark.appClassPath(options.appLibs()), work);
        Map<Arm, DrivenApp> apps = new LinkedHashMap<>();
        try (StubProviders stubs = new StubProviders(0);
                DrivenApp sink = DrivenApp.start(children, "otlp-sink", List.of(), OtlpSink.class)) {
            int sinkPort = (int) Command.parse(sink.awaitLine(List.of("SINK"), LoadBenchmark.READY_TIMEOUT)).number("port");
            Arms arms = Arms.of(options.agentJar(), options.otelAgentJar(), stubs, sinkPort, work);
            for (Arm arm : arms.all()) {
                DrivenApp app = DrivenApp.start(children, arm.label(),
                        arm.loadAppOptions(options.codeCacheFlushing()), LoadApp.class);
                apps.put(arm, app);
                app.awaitLine(List.of("READY"), LoadBenchmark.READY_TIMEOUT);
            }
            Map<Arm, ThreadTally> tallies = run(options, apps, stubs.chatUrl(StubProviders.Name.HAPPY));
            double plain = tallies.get(arms.plain()).callsPerSecond();
            tallies.forEach((arm, tally) -> System.out.println(tally.describe(arm.label(), plain)));
        } finally {
            for (DrivenApp app : apps.values()) {
                app.close();
            }
            LoadBenchmark.deleteRecursively(work);
        }
    }

    /**
     * Warm-up rounds, not kept, at least as many as asked and until no app compiled more than
     * {@link Alternation#SETTLED_JIT_MILLIS} in a round (at most three times as many); then the
     * measured ones. Each round starts with another arm.
     */
    private static Map<Arm, ThreadTally> run(BenchmarkOptions options, Map<Arm, DrivenApp> apps, String url)
            throws Exception {
        List<Arm> arms = new ArrayList<>(apps.keySet());
        Map<Arm, ThreadTally> tallies = new LinkedHashMap<>();
        arms.forEach(arm -> tallies.put(arm, new ThreadTally()));
        Map<Arm, Long> jitMillis = new HashMap<>();
        System.out.printf("%s, %d callers, blocks of %d ms: %d warm-up rounds at least, until the JIT settled, then %d"
                + " measured%n", options.client(), options.callers(), options.throughputBlock().toMillis(),
                options.warmupRounds(), options.measuredRounds());
        int measured = 0;
        boolean warm = false;
        for (int round = 0; measured < options.measuredRounds(); round++) {
            boolean settled = true;
            for (int turn = 0; turn < arms.size(); turn++) {
                Arm arm = arms.get((round + turn) % arms.size());
                DrivenApp app = apps.get(arm);
                ThreadTimes before = ThreadTimes.of(app.pid());
                Command answer = app.ask(Command.of("closed").with("client", options.client()).with("url", url)
                        .with("callers", options.callers()).with("millis", options.throughputBlock().toMillis())
                        .with("id", arm.key() + "-threads-" + round), BLOCK_TIMEOUT);
                ThreadTimes after = ThreadTimes.of(app.pid());
                long compiled = answer.number(LoadApp.JIT_MILLIS) - jitMillis.getOrDefault(arm, 0L);
                jitMillis.put(arm, answer.number(LoadApp.JIT_MILLIS));
                settled &= round > 0 && compiled <= Alternation.SETTLED_JIT_MILLIS;
                if (warm) {
                    tallies.get(arm).add(before, after, answer.number("calls"), answer.number("nanos"));
                }
            }
            measured += warm ? 1 : 0;
            boolean warmedUp = round + 1 >= options.warmupRounds() && (settled || round + 1 >= 3 * options.warmupRounds());
            if (!warm && warmedUp) {
                System.out.printf("warm-up: %d rounds (%s); measuring", round + 1, settled ? "the JIT settled" : "the JIT still"
                        + " compiling at the cap");
            }
            warm |= warmedUp;
            System.out.print(".");
        }
        System.out.println();
        return tallies;
    }
}
