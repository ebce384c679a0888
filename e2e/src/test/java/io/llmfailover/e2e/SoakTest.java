package io.llmfailover.e2e;

import static io.llmfailover.e2e.AppAssertions.assertCompleted;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.e2e.ScriptedProvider.Reply;
import io.llmfailover.e2e.apps.SteadyTrafficApp;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * A soak: calls at a steady rate at a primary that mixes every everyday fault (429 with and without
 * a silence, 503, an answer too slow for {@code timeout.head}, a slow answer within it) with
 * successes, and a healthy backup. Every call succeeds, and neither the heap used after a full GC
 * nor the number of live threads grows from the end of the warm-up to the end.
 *
 * <p>15 s by default; the full soak is {@code -De2e.soak.duration=10m} :
 * {@code ./mvnw -pl runtime,agent,e2e verify -P '!jdk25' -Dtest=SoakTest
 * -Dsurefire.failIfNoSpecifiedTests=false -De2e.soak.duration=10m}.
 */
@Isolated
class SoakTest {

    private static final Duration DURATION = Duration.parse("PT" + System.getProperty("e2e.soak.duration", "15s").toUpperCase());
    private static final int CALLS_PER_SECOND = 20;
    private static final Duration HEAD_TIMEOUT = Duration.ofMillis(300);

    /** Heap may breathe by this much (or a quarter of its start), from the end of the warm-up to the end. */
    private static final long HEAP_TOLERANCE_KB = 16 * 1024;
    /** Live threads may differ by this many (pool threads started or retired). */
    private static final int THREAD_TOLERANCE = 8;

    private static final Pattern SAMPLE = Pattern.compile("^SAMPLE at=(\\d+)ms heap-used-kb=(\\d+) threads=(\\d+)$");

    /** 20 answers: 4 x 429 asking no silence, 1 x 429 asking 1 s, 2 x 503, 2 too slow, 2 slow but in time, 9 x OK. */
    private static final List<Reply> PRIMARY_SCRIPT = List.of(
            Reply.ok(), Reply.rateLimited("0"), Reply.ok(), Reply.overloaded(), Reply.okAfter(Duration.ofMillis(150)),
            Reply.ok(), Reply.okAfter(Duration.ofMillis(600)), Reply.rateLimited("0"), Reply.ok(), Reply.rateLimited("1"),
            Reply.ok(), Reply.rateLimited("0"), Reply.okAfter(Duration.ofMillis(150)), Reply.ok(), Reply.overloaded(),
            Reply.ok(), Reply.okAfter(Duration.ofMillis(600)), Reply.ok(), Reply.rateLimited("0"), Reply.ok());

    @TempDir
    Path workDir;

    private ScriptedProvider primary;
    private ScriptedProvider backup;

    @BeforeEach
    void startProviders() {
        primary = ScriptedProvider.start("primary", PRIMARY_SCRIPT);
        backup = ScriptedProvider.healthy("backup");
    }

    @AfterEach
    void stopProviders() {
        primary.close();
        backup.close();
    }

    @Test
    void mixedFaultsAtASteadyRateNeitherFailACallNorGrowTheHeapOrTheThreads() throws Exception {
        Path config = ConfigFile.primaryFallingOverTo(primary.baseUrl(), backup.baseUrl())
                .set("timeout.head", HEAD_TIMEOUT.toMillis() + "ms")
                .writeTo(workDir.resolve("llm-failover-soak.properties"));
        Duration warmUp = DURATION.dividedBy(4).compareTo(Duration.ofSeconds(60)) > 0 ? Duration.ofSeconds(60) : DURATION.dividedBy(4);
        Duration sampleEvery = DURATION.dividedBy(10).compareTo(Duration.ofSeconds(2)) < 0 ? Duration.ofSeconds(2) : DURATION.dividedBy(10);

        AppOutput output = ChildJvm.of(SteadyTrafficApp.class, workDir)
                .steadyState()
                .jvmArg("-Xmx256m")
                .args(primary.baseUrl(), "sk-app-soak", Integer.toString(CALLS_PER_SECOND), Long.toString(DURATION.toMillis()),
                        Long.toString(warmUp.toMillis()), Long.toString(sampleEvery.toMillis()))
                .withAgent(config)
                .timeout(DURATION.plusSeconds(90))
                .run();

        assertCompleted(output);
        List<Matcher> samples = output.stdoutLines().stream().map(SAMPLE::matcher).filter(Matcher::matches).toList();
        assertTrue(samples.size() >= 2, output::describe);
        Matcher first = samples.get(0);
        Matcher last = samples.get(samples.size() - 1);
        long heapStart = Long.parseLong(first.group(2));
        long heapEnd = Long.parseLong(last.group(2));
        int threadsStart = Integer.parseInt(first.group(3));
        int threadsEnd = Integer.parseInt(last.group(3));
        int threadsMax = samples.stream().mapToInt(m -> Integer.parseInt(m.group(3))).max().orElseThrow();
        String steady = ReportLines.first(output, "STEADY ");
        System.out.printf("soak %s at %d calls/s: %s; primary received %d (%d x 429, %d x 503, %d x 200 of which some"
                        + " too late), backup %d; heap used after GC %d KB at %s ms -> %d KB at %s ms; live threads %d -> %d"
                        + " (max %d); %d samples%n",
                DURATION, CALLS_PER_SECOND, steady, primary.requests(), primary.answered(ScriptedProvider.MAIN_PHASE, 429),
                primary.answered(ScriptedProvider.MAIN_PHASE, 503), primary.answered(ScriptedProvider.MAIN_PHASE, 200),
                backup.requests(), heapStart, first.group(1), heapEnd, last.group(1), threadsStart, threadsEnd,
                threadsMax, samples.size());

        assertTrue(steady.matches("STEADY calls=(\\d+) ok=\\1 failed=0 .*") && !steady.contains("undrained"),
                "every call succeeds: " + steady + output.describe());
        assertTrue(output.errors().isEmpty(), output::describe);
        long heapTolerance = Math.max(HEAP_TOLERANCE_KB, heapStart / 4);
        assertTrue(heapEnd <= heapStart + heapTolerance,
                () -> "heap used after GC grew from " + heapStart + " KB to " + heapEnd + " KB" + output.describe());
        assertTrue(threadsEnd <= threadsStart + THREAD_TOLERANCE && threadsMax <= threadsStart + 2 * THREAD_TOLERANCE,
                () -> "live threads grew from " + threadsStart + " to " + threadsEnd + " (max " + threadsMax + ")"
                        + output.describe());
    }
}
