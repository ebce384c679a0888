package io.llmfailover.benchmarks.load;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
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
 * {@code benchmarks/threads-under-load.sh}; options as the load benchmark's ({@code --warmup-seconds},
 * {@code --throughput-seconds}, {@code --callers}...), plus {@code --client}.
 */
public final class ThreadsUnderLoad {

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

    /** An app's threads before and after one block. */
    private record Bracket(ThreadTimes before, ThreadTimes after) {}

    /**
     * The closed loop in alternating blocks, as the load benchmark's throughput phase runs it (a
     * warm-up until the JIT settled), every block bracketed by its app's {@link ThreadTimes}.
     */
    private static Map<Arm, ThreadTally> run(BenchmarkOptions options, Map<Arm, DrivenApp> apps, String url)
            throws Exception {
        Map<Command, Bracket> brackets = new IdentityHashMap<>();
        Alternation alternation = new Alternation(apps, (app, block) -> {
            ThreadTimes before = ThreadTimes.of(app.pid());
            Command answer = app.ask(block, Alternation.BLOCK_TIMEOUT);
            brackets.put(answer, new Bracket(before, ThreadTimes.of(app.pid())));
            return answer;
        });
        System.out.printf("%s, %d callers, blocks of %d ms: %d s of warm-up at least, until the JIT settled, then %d s"
                + " measured%n", options.client(), options.callers(), options.throughputBlock().toMillis(),
                options.warmupSeconds().toSeconds(), options.throughputSeconds().toSeconds());
        Map<Arm, List<Command>> answers = alternation.run(new ArrayList<>(apps.keySet()), (arm, measuring, round) ->
                Command.of("closed").with("client", options.client()).with("url", url)
                        .with("callers", options.callers()).with("millis", options.throughputBlock().toMillis())
                        .with("id", arm.key() + "-threads-" + round), options.warmupSeconds(), options.throughputSeconds());
        System.out.println("warm-up took " + alternation.lastWarmup().toSeconds() + " s"
                + (alternation.lastSettled() ? " (until the JIT settled)" : " (the JIT was still compiling at its cap)"));
        Map<Arm, ThreadTally> tallies = new LinkedHashMap<>();
        answers.forEach((arm, measured) -> {
            ThreadTally tally = new ThreadTally();
            for (Command answer : measured) {
                Bracket bracket = brackets.get(answer);
                tally.add(bracket.before(), bracket.after(), answer.number("calls"), answer.number("nanos"));
            }
            tallies.put(arm, tally);
        });
        return tallies;
    }
}
