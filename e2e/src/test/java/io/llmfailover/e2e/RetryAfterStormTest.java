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
 * Amplification under a sustained 429 storm: the primary answers every call 429 with
 * {@code Retry-After: 1} while an app keeps calling at a steady rate. Counted across all calls,
 * the primary receives at most 1.1 times what one ideal client honouring Retry-After would send
 * over the same time (one request, then one more each time the second it asked for has passed),
 * and every call is served by the backup.
 *
 * <p>The app makes one call alone before the steady traffic: requests already in flight when the
 * first 429 arrives could not have known of it, for any client. {@code -De2e.storm.seconds} sets
 * the length (4 by default), {@code -De2e.storm.rtt-ms} how long the primary takes to answer.
 */
@Isolated
class RetryAfterStormTest {

    private static final int CALLS_PER_SECOND = 40;
    private static final Duration DURATION = Duration.ofSeconds(Long.getLong("e2e.storm.seconds", 4));
    private static final Duration RETRY_AFTER = Duration.ofSeconds(1);
    /** How long the primary takes to send its 429, as a real provider across the internet does. */
    private static final Duration ROUND_TRIP = Duration.ofMillis(Long.getLong("e2e.storm.rtt-ms", 200));
    private static final double MAX_AMPLIFICATION = 1.1;

    private static final Pattern SPAN = Pattern.compile(".* span=(\\d+)ms.*");

    @TempDir
    Path workDir;

    private ScriptedProvider primary;
    private ScriptedProvider backup;

    @BeforeEach
    void startProviders() {
        primary = ScriptedProvider.start("primary",
                List.of(new Reply(429, Long.toString(RETRY_AFTER.toSeconds()), ROUND_TRIP)));
        backup = ScriptedProvider.healthy("backup");
    }

    @AfterEach
    void stopProviders() {
        primary.close();
        backup.close();
    }

    @Test
    void thePrimaryHearsNoMoreThanAClientHonouringRetryAfterWouldSend() throws Exception {
        Path config = ConfigFile.primaryFallingOverTo(primary.baseUrl(), backup.baseUrl())
                .writeTo(workDir.resolve("llm-failover-storm.properties"));

        AppOutput output = ChildJvm.of(SteadyTrafficApp.class, workDir)
                .args(primary.baseUrl(), "sk-app-storm", Integer.toString(CALLS_PER_SECOND), Long.toString(DURATION.toMillis()),
                        Long.toString(DURATION.toMillis()), Long.toString(DURATION.toMillis()))
                .withAgent(config)
                .timeout(DURATION.plusSeconds(60))
                .run();

        assertCompleted(output);
        String steady = ReportLines.first(output, "STEADY ");
        Matcher span = SPAN.matcher(steady);
        assertTrue(span.matches(), output::describe);
        long spanMillis = Long.parseLong(span.group(1));
        long ideal = spanMillis / RETRY_AFTER.toMillis() + 1;
        long received = primary.requests();
        System.out.printf("429 storm (Retry-After: %d s, answered after %d ms) for %d ms at %d calls/s: %s; primary"
                        + " received %d requests, an ideal client honouring Retry-After %d: ratio %.2f; backup %d%n",
                RETRY_AFTER.toSeconds(), ROUND_TRIP.toMillis(), spanMillis, CALLS_PER_SECOND, steady, received, ideal,
                (double) received / ideal, backup.requests());

        assertTrue(steady.matches("STEADY calls=(\\d+) ok=\\1 failed=0 .*"), "every call succeeds: " + steady + output.describe());
        assertTrue(received <= MAX_AMPLIFICATION * ideal,
                () -> "the primary received " + received + " requests, an ideal client " + ideal + output.describe());
    }
}
