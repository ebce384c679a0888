package io.llmfailover.runtime.walk;


import static io.llmfailover.runtime.testing.ScriptedTransport.ok;
import static io.llmfailover.runtime.testing.ScriptedTransport.response;
import static io.llmfailover.runtime.walk.Chains.ANSWER;
import static io.llmfailover.runtime.walk.Chains.BACKUP;
import static io.llmfailover.runtime.walk.Chains.PRIMARY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.config.BreakerSettings;
import io.llmfailover.runtime.config.ThrottleSettings;
import io.llmfailover.runtime.contract.BufferedResponse;
import io.llmfailover.runtime.contract.FailoverHeaders;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.resilience.breaker.BreakerState;
import io.llmfailover.runtime.resilience.breaker.CircuitBreaker;
import io.llmfailover.runtime.resilience.throttle.Throttle;
import io.llmfailover.runtime.testing.ScriptedTransport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * Issue 12, item 5: the primary fails for 30 virtual seconds under a steady rate of calls (a wave
 * of {@value #WAVE} calls arriving together every 100 ms), then recovers. While it fails the backup
 * serves every call; once it recovers the traffic comes back to it within {@code
 * breaker.open-duration} and one probe round, and ramps up instead of stampeding.
 */
class RecoveryRampTest {

    private static final int WAVE = 8;
    private static final Duration TICK = Duration.ofMillis(100);
    private static final Duration OUTAGE = Duration.ofSeconds(30);
    private static final Duration AFTERWARDS = Duration.ofSeconds(30);
    /** The defaults, but an open duration that does not divide the outage: the primary recovers between two probe rounds. */
    private static final BreakerSettings BREAKER = new BreakerSettings(0.5, 20, Duration.ofSeconds(10), 3,
            Duration.ofSeconds(7), 3);
    /** After server errors: the breaker's open duration, plus one probe round (a wave). */
    private static final Duration BACK_WITHIN = BREAKER.openDuration().plus(TICK);
    /** The wait the 429s name; after them the traffic is back within it, plus one wave. */
    private static final Duration RATE_LIMIT_WAIT = Duration.ofSeconds(1);

    private final Chains chains = new Chains(BREAKER, ThrottleSettings.DEFAULTS, "primary", "backup");
    private final ScriptedTransport transport = new ScriptedTransport();
    private final AtomicBoolean down = new AtomicBoolean();

    /** What one wave of calls met, and what it left behind. */
    private record Wave(Duration at, int sentToPrimary, int servedByPrimary, int mostAtOnceOnPrimary,
            BreakerState breakerBefore, int limitBefore, int limitAfter) {

        boolean afterOutage() {
            return at.compareTo(OUTAGE) >= 0;
        }
    }

    @Test
    void afterServerErrorsTheBreakerLetsOnlyItsProbesThroughThenEveryCall() throws Exception {
        List<Wave> waves = outageThenRecovery(response(503, "{\"error\":{\"message\":\"unavailable\"}}"));

        Wave back = firstServedByPrimary(waves);
        assertTrue(back.at().minus(OUTAGE).compareTo(BACK_WITHIN) <= 0, "traffic came back at " + back.at());
        Wave allBack = waves.get(waves.indexOf(back) + 1);
        assertEquals(WAVE, allBack.servedByPrimary(), "one probe round later every call goes to the primary");
        List<Wave> probing = waves.stream().filter(wave -> wave.breakerBefore() != BreakerState.CLOSED).toList();
        for (Wave wave : probing) {
            assertTrue(wave.mostAtOnceOnPrimary() <= BREAKER.halfOpenProbes(), "no herd while the breaker probes: " + wave);
        }
        assertTrue(probing.stream().anyMatch(wave -> wave.mostAtOnceOnPrimary() == BREAKER.halfOpenProbes()),
                "the probes did run");
    }

    @Test
    void afterRateLimitsTheThrottleLimitCreepsBackOneStepAtATime() throws Exception {
        List<Wave> waves = outageThenRecovery(response(429, "{\"error\":{\"type\":\"rate_limit_error\"}}",
                "retry-after", String.valueOf(RATE_LIMIT_WAIT.toSeconds())));

        Wave back = firstServedByPrimary(waves);
        assertTrue(back.at().minus(OUTAGE).compareTo(RATE_LIMIT_WAIT.plus(TICK)) <= 0, "traffic came back at " + back.at());
        assertTrue(back.limitBefore() < ThrottleSettings.DEFAULTS.initialLimit() / 2, "the storm cut the limit: " + back);
        for (Wave wave : waves.subList(waves.indexOf(back), waves.size())) {
            assertTrue(wave.mostAtOnceOnPrimary() <= wave.limitBefore(), "never more at once than the limit: " + wave);
            assertTrue(wave.limitAfter() - wave.limitBefore() <= 1, "the limit creeps, it does not jump: " + wave);
            assertTrue(wave.limitAfter() >= wave.limitBefore(), "no cut once the primary answers: " + wave);
        }
        assertEquals(WAVE, waves.get(waves.size() - 1).servedByPrimary(), "in the end every call is back");
    }

    /** Waves every {@link #TICK}: the primary answers {@code failure} during the outage, then 200. */
    private List<Wave> outageThenRecovery(BufferedResponse failure) throws Exception {
        BufferedResponse healthy = response(200, ANSWER);
        transport.on(PRIMARY, request -> down.get() ? failure : healthy);
        transport.on(BACKUP, ok(ANSWER));
        CircuitBreaker breaker = chains.state.breaker("primary", "gpt-4o");
        Throttle throttle = chains.throttle("primary");
        List<Wave> waves = new ArrayList<>();
        try (CallWaves calls = new CallWaves(chains.gateway, transport, WAVE)) {
            for (Duration at = Duration.ZERO; at.compareTo(OUTAGE.plus(AFTERWARDS)) < 0; at = at.plus(TICK)) {
                down.set(at.compareTo(OUTAGE) < 0);
                BreakerState breakerBefore = breaker.state();
                int limitBefore = throttle.limit();
                long sentBefore = transport.sentTo(PRIMARY);
                List<LlmResponse> answers = calls.arrive();
                answers.forEach(answer -> assertEquals(200, answer.status(), "every call is served"));
                int servedByPrimary = (int) answers.stream().filter(RecoveryRampTest::servedByPrimary).count();
                assertTrue(at.compareTo(OUTAGE) >= 0 || servedByPrimary == 0, "the backup serves the outage");
                waves.add(new Wave(at, (int) (transport.sentTo(PRIMARY) - sentBefore), servedByPrimary,
                        calls.mostAtOnce(PRIMARY), breakerBefore, limitBefore, throttle.limit()));
                chains.scheduler.advance(TICK);
            }
        }
        printTimeline(waves);
        return waves;
    }

    private static boolean servedByPrimary(LlmResponse answer) {
        return !answer.headers().contains(FailoverHeaders.PROVIDER);
    }

    private static Wave firstServedByPrimary(List<Wave> waves) {
        return waves.stream().filter(Wave::afterOutage).filter(wave -> wave.servedByPrimary() > 0).findFirst()
                .orElseThrow(() -> new AssertionError("the traffic never came back to the primary"));
    }

    /** Per virtual second, runs of equal seconds in one line: what the primary got and served, the limit, the breaker. */
    private void printTimeline(List<Wave> waves) {
        StringBuilder timeline = new StringBuilder("recovery timeline, " + WAVE + " calls every " + TICK.toMillis()
                + " ms, the primary down for the first " + OUTAGE.toSeconds() + " s:\n");
        int perSecond = (int) (Duration.ofSeconds(1).toMillis() / TICK.toMillis());
        String previous = null;
        int runStart = 0;
        for (int second = 0; second * perSecond < waves.size(); second++) {
            List<Wave> ofSecond = waves.subList(second * perSecond, Math.min(waves.size(), (second + 1) * perSecond));
            String row = String.format("primary got %3d, served %3d of %3d, at most %d at once; then limit %2d, breaker %s",
                    ofSecond.stream().mapToInt(Wave::sentToPrimary).sum(),
                    ofSecond.stream().mapToInt(Wave::servedByPrimary).sum(), ofSecond.size() * WAVE,
                    ofSecond.stream().mapToInt(Wave::mostAtOnceOnPrimary).max().orElse(0),
                    ofSecond.get(ofSecond.size() - 1).limitAfter(), breakerAfter(waves, (second + 1) * perSecond));
            if (!row.equals(previous)) {
                appendRun(timeline, runStart, second, previous);
                previous = row;
                runStart = second;
            }
        }
        appendRun(timeline, runStart, (waves.size() + perSecond - 1) / perSecond, previous);
        System.out.print(timeline);
    }

    private BreakerState breakerAfter(List<Wave> waves, int nextWave) {
        return nextWave < waves.size() ? waves.get(nextWave).breakerBefore() : chains.state.breaker("primary", "gpt-4o").state();
    }

    private static void appendRun(StringBuilder timeline, int fromSecond, int toSecond, String row) {
        if (row != null) {
            String seconds = toSecond - fromSecond == 1 ? fromSecond + "s" : fromSecond + "-" + (toSecond - 1) + "s";
            timeline.append(String.format("  %7s  %s%n", seconds, row));
        }
    }
}
