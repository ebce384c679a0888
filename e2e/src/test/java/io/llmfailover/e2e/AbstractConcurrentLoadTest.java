package io.llmfailover.e2e;

import static io.llmfailover.e2e.AppAssertions.assertCompleted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.e2e.AppOutput.Result;
import io.llmfailover.e2e.ScriptedProvider.Reply;
import io.llmfailover.e2e.apps.LoadApp;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * A thousand calls released at once, half through the JDK HttpClient and half through OkHttp, at a
 * primary that rate limits 30% of its answers and is overloaded for 5%, with a healthy backup.
 * Every call succeeds, the app finishes in its time (no deadlock), and afterwards, once the primary
 * has recovered and taken the throttle's probe, the agent gives it as many concurrent calls as its
 * throttle allows: a permit kept by any of the thousand calls would show as one of them skipped to
 * the backup. (One call more than the limit is made, and the printed split shows that the limit
 * still holds.)
 *
 * <p>The primary's 429s ask for no silence ({@code Retry-After: 0}), so it keeps receiving traffic
 * and its concurrency limit, not a silence, is what sheds the excess: the permits are taken and
 * given back under contention. The limit is pinned ({@code min = max}) so its value afterwards is
 * known. Subclasses choose the threads; the size is {@code -De2e.load.calls} (1000 by default);
 * {@code -De2e.load.agent-log=debug} logs the agent's decision for every call.
 */
@Isolated
abstract class AbstractConcurrentLoadTest {

    static final int CALLS = Integer.getInteger("e2e.load.calls", 1000);
    static final int CONCURRENCY_LIMIT = 8;
    private static final Duration CHILD_TIMEOUT = Duration.ofSeconds(150);
    private static final Duration QUIET_PERIOD = Duration.ofMillis(1500);
    private static final Duration AFTER_LOAD_HOLD = Duration.ofSeconds(1);

    /** 20 answers: 6 rate limited (30%), 1 overloaded (5%), spread out; then round again. */
    static final List<Reply> PRIMARY_SCRIPT = script("OK 429 OK 429 OK OK 429 OK 503 OK OK 429 OK 429 OK OK 429 OK OK OK");

    @TempDir
    Path workDir;

    ScriptedProvider primary;
    ScriptedProvider backup;

    /** {@code platform} or {@code virtual}, as {@link LoadApp} takes it. */
    abstract String threads();

    /** What else the subclass checks in the child's output (pinned carriers, for virtual threads). */
    void assertAlso(AppOutput output) {}

    @BeforeEach
    void startProviders() {
        primary = ScriptedProvider.start("primary", PRIMARY_SCRIPT)
                .inPhase(LoadApp.WARM_UP_PHASE, script("429 429 503 503 OK OK"))
                .inPhase(LoadApp.SETTLE_PHASE, List.of(Reply.ok()))
                .inPhase(LoadApp.AFTER_LOAD_PHASE, List.of(Reply.okAfter(AFTER_LOAD_HOLD)));
        backup = ScriptedProvider.healthy("backup");
    }

    @AfterEach
    void stopProviders() {
        primary.close();
        backup.close();
    }

    @Test
    void everyCallSucceedsAndNoPermitOutlivesItsCall() throws Exception {
        Path config = ConfigFile.primaryFallingOverTo(primary.baseUrl(), backup.baseUrl())
                .set("throttle.initial-limit", CONCURRENCY_LIMIT)
                .set("throttle.min-limit", CONCURRENCY_LIMIT)
                .set("throttle.max-limit", CONCURRENCY_LIMIT)
                // The throttle is under test, not the breaker: a run of the script's 503s, reordered by
                // the concurrency, must not open it and keep the load away from the primary.
                .set("breaker.consecutive-failures", 0)
                .writeTo(workDir.resolve("llm-failover-load.properties"));
        int afterLoadCalls = CONCURRENCY_LIMIT + 1;

        AppOutput output = ChildJvm.of(LoadApp.class, workDir)
                .steadyState()
                .jvmArg("-Xss512k")
                .jvmArg("-Dllm.failover.agent.log.level=" + System.getProperty("e2e.load.agent-log", "info"))
                .args(primary.baseUrl(), "sk-app-load", threads(), Integer.toString(CALLS),
                        Long.toString(QUIET_PERIOD.toMillis()), Integer.toString(afterLoadCalls))
                .withAgent(config)
                .timeout(CHILD_TIMEOUT)
                .run();

        assertCompleted(output);
        String load = ReportLines.first(output, "LOAD ");
        long primaryLoad = primary.requests(ScriptedProvider.MAIN_PHASE);
        long primaryAfterLoad = primary.requests(LoadApp.AFTER_LOAD_PHASE);
        List<Result> afterLoad = resultsFrom(output, LoadApp.AFTER_LOAD_FIRST_CALL);
        long afterLoadOnBackup = afterLoad.stream().filter(result -> "backup".equals(result.provider())).count();
        System.out.printf("%s threads: %s; primary received %d (%d x 429, %d x 503, %d x 200), backup %d;"
                        + " after a quiet period, a probe and %d concurrent calls at a throttle limit of %d: %d reached the primary,"
                        + " %d were skipped to the backup%n",
                threads(), load, primaryLoad, primary.answered(ScriptedProvider.MAIN_PHASE, 429),
                primary.answered(ScriptedProvider.MAIN_PHASE, 503), primary.answered(ScriptedProvider.MAIN_PHASE, 200),
                backup.requests(), afterLoadCalls, CONCURRENCY_LIMIT, primaryAfterLoad, afterLoadOnBackup);

        assertTrue(load.contains(" ok=" + CALLS + " failed=0 "), output::describe);
        List<Result> loadResults = resultsFrom(output, 1).stream().filter(r -> r.call() <= CALLS).toList();
        assertEquals(CALLS, loadResults.size(), output::describe);
        assertTrue(loadResults.stream().allMatch(AbstractConcurrentLoadTest::answeredByEither), output::describe);
        assertTrue(output.errors().isEmpty(), output::describe);
        assertTrue(primary.answered(ScriptedProvider.MAIN_PHASE, 429) > 0, "the load never met a 429" + output.describe());

        assertTrue(ReportLines.first(output, "AFTER-LOAD ").equals("AFTER-LOAD calls=" + afterLoadCalls + " ok=" + afterLoadCalls),
                output::describe);
        // The probe after the last 429, then the burst: at least the limit's worth of it.
        assertTrue(primaryAfterLoad >= 1 + CONCURRENCY_LIMIT,
                () -> "only " + primaryAfterLoad + " of " + afterLoadCalls + " concurrent calls reached the recovered"
                        + " primary, whose limit is " + CONCURRENCY_LIMIT + ": a permit outlived its call" + output.describe());
        assertAlso(output);
    }

    private static boolean answeredByEither(Result result) {
        return result.status() == 200
                && (result.content().equals("Hello from primary") && result.provider().equals("-")
                        || result.content().equals("Hello from backup") && result.provider().equals("backup"));
    }

    private static List<Result> resultsFrom(AppOutput output, int firstCall) {
        return output.results().stream().filter(result -> result.call() >= firstCall).toList();
    }

    /** A script written as words: {@code OK}, {@code 429} (Retry-After: 0), {@code 503}. */
    private static List<Reply> script(String words) {
        List<Reply> replies = new ArrayList<>();
        for (String word : words.split(" ")) {
            replies.add(switch (word) {
                case "OK" -> Reply.ok();
                case "429" -> Reply.rateLimited("0");
                case "503" -> Reply.overloaded();
                default -> throw new IllegalArgumentException(word);
            });
        }
        return replies;
    }
}
