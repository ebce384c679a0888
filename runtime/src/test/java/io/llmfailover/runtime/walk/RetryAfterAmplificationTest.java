package io.llmfailover.runtime.walk;

import static io.llmfailover.runtime.testing.ScriptedTransport.ok;
import static io.llmfailover.runtime.testing.ScriptedTransport.status;
import static io.llmfailover.runtime.walk.Chains.ANSWER;
import static io.llmfailover.runtime.walk.Chains.BACKUP;
import static io.llmfailover.runtime.walk.Chains.PRIMARY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.config.BreakerSettings;
import io.llmfailover.runtime.config.ThrottleSettings;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.testing.ScriptedTransport;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 12, item 4: under a sustained 429 storm that names its wait, the primary gets at most 1.1
 * times the requests of an ideal client that honours the wait (one per window, plus the first),
 * counted across every call while {@value #CALLERS} callers keep calling, each every 400 virtual ms.
 */
class RetryAfterAmplificationTest {

    private static final Duration STORM = Duration.ofSeconds(60);
    private static final Duration WAIT = Duration.ofSeconds(2);
    private static final Duration TICK = Duration.ofMillis(100);
    private static final int CALLERS = 4;
    private static final long IDEAL = STORM.dividedBy(WAIT) + 1;

    /** Every way a provider names the same two-second wait. */
    static Stream<Arguments> waits() {
        return Stream.of(
                Arguments.of("retry-after", "2"),
                Arguments.of("retry-after-ms", "2000"),
                Arguments.of("x-ratelimit-reset-requests", "2s"));
    }

    /** What the primary received during the storm. */
    private record Storm(long requests, int mostInOneWave) {}

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("waits")
    void callersTakingTurnsSendOneRequestPerWindow(String header, String value) throws Exception {
        Storm storm = storm(1, header, value);

        report("callers taking turns", header, value, storm);
        assertTrue(storm.requests() <= IDEAL * 1.1, storm + ", ideal " + IDEAL);
    }

    /**
     * The callers call at the same moment, so all are waiting when a silence ends: one of them
     * probes the primary alone, the others go to the backup, and so in every window after.
     */
    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("waits")
    void callersArrivingTogetherStayWithinATenthOfTheIdeal(String header, String value) throws Exception {
        Storm storm = storm(CALLERS, header, value);

        report(CALLERS + " callers arriving together", header, value, storm);
        assertTrue(storm.requests() <= IDEAL * 1.1, storm + ", ideal " + IDEAL);
        assertEquals(1, storm.mostInOneWave(), "requests the primary got at once after the first 429");
    }

    /**
     * {@value #CALLERS} callers, each calling every {@value #CALLERS} ticks, {@code together} of
     * them at the same moment: 1 is one call every tick, never two in flight at once.
     */
    private static Storm storm(int together, String header, String value) throws Exception {
        Chains chains = new Chains(BreakerSettings.DEFAULTS, ThrottleSettings.DEFAULTS, "primary", "backup");
        ScriptedTransport transport = new ScriptedTransport()
                .on(PRIMARY, status(429, "{\"error\":{\"type\":\"rate_limit_error\"}}", header, value))
                .on(BACKUP, ok(ANSWER));
        Duration between = TICK.multipliedBy(together);
        int mostInOneWave = 0;
        try (CallWaves calls = new CallWaves(chains.gateway, transport, together)) {
            for (Duration at = Duration.ZERO; at.compareTo(STORM) < 0; at = at.plus(between)) {
                long before = transport.sentTo(PRIMARY);
                for (LlmResponse answer : calls.arrive()) {
                    assertEquals(200, answer.status(), "the backup serves every call of the storm");
                }
                int sent = (int) (transport.sentTo(PRIMARY) - before);
                // The first wave comes before any 429: nothing is known yet, every caller goes.
                mostInOneWave = before == 0 ? mostInOneWave : Math.max(mostInOneWave, sent);
                chains.scheduler.advance(between);
            }
        }
        return new Storm(transport.sentTo(PRIMARY), mostInOneWave);
    }

    private static void report(String arrivals, String header, String value, Storm storm) {
        System.out.printf("amplification, %s, %s: %s, %d s storm: primary got %d requests, an ideal client %d, ratio %.2f%n",
                arrivals, header, value, STORM.toSeconds(), storm.requests(), IDEAL, (double) storm.requests() / IDEAL);
    }
}
