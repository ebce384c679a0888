package io.llmfailover.runtime.resilience.breaker;

import static io.llmfailover.runtime.resilience.breaker.BreakerState.CLOSED;
import static io.llmfailover.runtime.resilience.breaker.BreakerState.HALF_OPEN;
import static io.llmfailover.runtime.resilience.breaker.BreakerState.OPEN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.config.BreakerSettings;
import io.llmfailover.runtime.time.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CircuitBreakerTest {

    private static final Duration WINDOW = Duration.ofSeconds(10);
    private static final Duration OPEN_DURATION = Duration.ofSeconds(5);

    /** Only the run of failures can open it: the rate rule needs more calls than any test makes. */
    private static final BreakerSettings THREE_IN_A_ROW =
            new BreakerSettings(0.5, 1_000, WINDOW, 3, OPEN_DURATION, 3);

    /** Only the failure rate can open it: 50% of at least 10 calls. */
    private static final BreakerSettings HALF_OF_TEN = new BreakerSettings(0.5, 10, WINDOW, 0, OPEN_DURATION, 3);

    private final ManualClock clock = new ManualClock();
    private final List<String> transitions = new ArrayList<>();

    private CircuitBreaker breaker(BreakerSettings settings) {
        CircuitBreaker breaker = new CircuitBreaker("openai/gpt-4o", settings, clock);
        breaker.addListener((b, from, to) -> transitions.add(from + "->" + to));
        return breaker;
    }

    private static void fail(CircuitBreaker breaker, int times) {
        for (int i = 0; i < times; i++) {
            breaker.tryAcquire().orElseThrow().onFailure();
        }
    }

    private static void succeed(CircuitBreaker breaker, int times) {
        for (int i = 0; i < times; i++) {
            breaker.tryAcquire().orElseThrow().onSuccess();
        }
    }

    private static BreakerPermit permit(CircuitBreaker breaker) {
        return breaker.tryAcquire().orElseThrow();
    }

    private CircuitBreaker openBreaker(BreakerSettings settings) {
        CircuitBreaker breaker = breaker(settings);
        fail(breaker, 3);
        assertEquals(OPEN, breaker.state());
        return breaker;
    }

    private CircuitBreaker halfOpenBreaker() {
        CircuitBreaker breaker = openBreaker(THREE_IN_A_ROW);
        clock.advance(OPEN_DURATION);
        return breaker;
    }

    @Test
    void startsClosedAndLetsCallsThrough() {
        CircuitBreaker breaker = breaker(THREE_IN_A_ROW);

        assertEquals(CLOSED, breaker.state());
        assertTrue(breaker.tryAcquire().isPresent());
        assertEquals(0, breaker.nanosUntilPermitted());
    }

    @Test
    void opensAfterThreeConsecutiveFailures() {
        CircuitBreaker breaker = breaker(THREE_IN_A_ROW);

        fail(breaker, 2);
        assertEquals(CLOSED, breaker.state());
        fail(breaker, 1);

        assertEquals(OPEN, breaker.state());
        assertTrue(breaker.tryAcquire().isEmpty());
    }

    @Test
    void aSuccessBreaksTheRunOfFailures() {
        CircuitBreaker breaker = breaker(THREE_IN_A_ROW);

        fail(breaker, 2);
        succeed(breaker, 1);
        fail(breaker, 2);

        assertEquals(CLOSED, breaker.state());
    }

    @ParameterizedTest(name = "{0} failures then {1} successes: {2}")
    @CsvSource({
        "5, 4, CLOSED", // 9 calls: fewer than the minimum, whatever the rate
        "5, 5, OPEN", // the 10th call brings the minimum, at exactly 50%
        "4, 6, CLOSED", // 40%
        "9, 0, CLOSED", // all failed, but only 9 calls
        "10, 0, OPEN",
        "1, 30, CLOSED",
    })
    void opensOnFailureRateOnlyAfterMinimumCalls(int failures, int successes, BreakerState expected) {
        CircuitBreaker breaker = breaker(HALF_OF_TEN);

        fail(breaker, failures);
        succeed(breaker, successes);

        assertEquals(expected, breaker.state());
    }

    @Test
    void oldFailuresLeaveTheWindow() {
        CircuitBreaker breaker = breaker(HALF_OF_TEN);
        fail(breaker, 5);

        clock.advance(WINDOW);
        fail(breaker, 4);
        succeed(breaker, 6);

        assertEquals(CLOSED, breaker.state(), "4 of the last 10 calls failed; the first 5 failures aged out");
    }

    @Test
    void failuresStillInTheWindowCount() {
        CircuitBreaker breaker = breaker(HALF_OF_TEN);
        fail(breaker, 5);

        clock.advance(WINDOW.multipliedBy(8).dividedBy(10));
        succeed(breaker, 5);

        assertEquals(OPEN, breaker.state());
    }

    @Test
    void ignoredOutcomesDoNotCountWhileClosed() {
        CircuitBreaker breaker = breaker(HALF_OF_TEN);

        for (int i = 0; i < 20; i++) {
            breaker.tryAcquire().orElseThrow().onIgnored();
        }
        fail(breaker, 2);

        assertEquals(CLOSED, breaker.state());
    }

    @Test
    void rejectsForTheOpenDurationAndSaysHowLongIsLeft() {
        CircuitBreaker breaker = openBreaker(THREE_IN_A_ROW);

        assertEquals(OPEN_DURATION.toNanos(), breaker.nanosUntilPermitted());
        clock.advance(Duration.ofSeconds(3));

        assertTrue(breaker.tryAcquire().isEmpty());
        assertEquals(Duration.ofSeconds(2).toNanos(), breaker.nanosUntilPermitted());
    }

    @Test
    void halfOpenAfterOpenDuration() {
        CircuitBreaker breaker = openBreaker(THREE_IN_A_ROW);

        clock.advance(OPEN_DURATION.minusNanos(1));
        assertTrue(breaker.tryAcquire().isEmpty());
        clock.advance(Duration.ofNanos(1));

        assertEquals(OPEN, breaker.state(), "the move to half-open is lazy");
        assertEquals(0, breaker.nanosUntilPermitted());
        assertTrue(breaker.tryAcquire().isPresent());
        assertEquals(HALF_OPEN, breaker.state());
    }

    @Test
    void outcomesOfCallsFromBeforeTheOpeningChangeNothingOnceOpen() {
        CircuitBreaker breaker = breaker(THREE_IN_A_ROW);
        List<BreakerPermit> slowCalls = List.of(permit(breaker), permit(breaker), permit(breaker), permit(breaker));
        fail(breaker, 3);

        slowCalls.get(0).onSuccess();
        slowCalls.get(1).onSuccess();
        slowCalls.get(2).onSuccess();
        slowCalls.get(3).onFailure();

        assertEquals(OPEN, breaker.state());
        assertEquals(OPEN_DURATION.toNanos(), breaker.nanosUntilPermitted());
    }

    @Test
    void halfOpenLimitsConcurrentProbes() {
        CircuitBreaker breaker = halfOpenBreaker();

        BreakerPermit first = permit(breaker);
        permit(breaker);
        permit(breaker);
        assertTrue(breaker.tryAcquire().isEmpty(), "three probes already in flight");

        first.onSuccess();
        assertTrue(breaker.tryAcquire().isPresent(), "a finished probe frees its slot");
        assertEquals(0, breaker.nanosUntilPermitted());
    }

    @Test
    void closesAfterEnoughProbeSuccesses() {
        CircuitBreaker breaker = halfOpenBreaker();

        succeed(breaker, 2);
        assertEquals(HALF_OPEN, breaker.state());
        succeed(breaker, 1);

        assertEquals(CLOSED, breaker.state());
    }

    @Test
    void closingStartsFreshMetrics() {
        CircuitBreaker breaker = halfOpenBreaker();
        succeed(breaker, 3);

        fail(breaker, 2);

        assertEquals(CLOSED, breaker.state(), "the failures that opened it are forgotten");
    }

    @Test
    void probeFailureReopens() {
        CircuitBreaker breaker = halfOpenBreaker();
        succeed(breaker, 2);

        fail(breaker, 1);

        assertEquals(OPEN, breaker.state());
        assertTrue(breaker.tryAcquire().isEmpty());
        assertEquals(OPEN_DURATION.toNanos(), breaker.nanosUntilPermitted(), "a fresh open duration");
    }

    @Test
    void ignoredOutcomeReleasesProbe() {
        CircuitBreaker breaker = halfOpenBreaker();
        BreakerPermit first = permit(breaker);
        permit(breaker);
        permit(breaker);

        first.onIgnored();

        assertEquals(HALF_OPEN, breaker.state());
        assertTrue(breaker.tryAcquire().isPresent());
        assertTrue(breaker.tryAcquire().isEmpty());
    }

    @Test
    void aLateOutcomeCannotWidenTheProbeLimit() {
        CircuitBreaker breaker = breaker(THREE_IN_A_ROW);
        BreakerPermit letThroughWhileClosed = permit(breaker);
        fail(breaker, 3);
        clock.advance(OPEN_DURATION);
        permit(breaker); // moves to half-open with one probe out
        permit(breaker);
        permit(breaker);

        letThroughWhileClosed.onIgnored();

        assertTrue(breaker.tryAcquire().isEmpty());
    }

    @Test
    void aPermitCountsItsFirstOutcomeOnly() {
        CircuitBreaker breaker = halfOpenBreaker();
        BreakerPermit probe = permit(breaker);

        probe.onSuccess();
        probe.onIgnored(); // the release in finally, after the real outcome
        probe.onFailure();

        assertEquals(HALF_OPEN, breaker.state(), "a second report is a no-op, not a failed probe");
        assertTrue(probe.isReleased());
    }

    /** H2 (issue #10): three probes whose outcome was never reported locked the breaker half-open for good. */
    @Test
    void H2_probesThatNeverReportExpireAfterTheOpenDuration() {
        CircuitBreaker breaker = halfOpenBreaker();
        permit(breaker);
        permit(breaker);
        permit(breaker);
        assertTrue(breaker.tryAcquire().isEmpty());

        clock.advance(OPEN_DURATION.minusNanos(1));
        assertTrue(breaker.tryAcquire().isEmpty(), "a probe is presumed lost only after the open duration");
        clock.advance(Duration.ofNanos(1));

        assertTrue(breaker.tryAcquire().isPresent(), "lost probes free their slots");
        assertEquals(HALF_OPEN, breaker.state());
    }

    @Test
    void aProbeReportingAfterItExpiredCountsButFreesNoOtherProbesSlot() {
        CircuitBreaker breaker = new CircuitBreaker("openai/gpt-4o",
                new BreakerSettings(0.5, 1_000, WINDOW, 3, OPEN_DURATION, 1), clock);
        fail(breaker, 3);
        clock.advance(OPEN_DURATION);
        BreakerPermit lost = permit(breaker);
        clock.advance(OPEN_DURATION);
        BreakerPermit next = permit(breaker);

        lost.onIgnored();

        assertTrue(breaker.tryAcquire().isEmpty(), "the slot is the next probe's");
        next.onSuccess();
        assertEquals(CLOSED, breaker.state());
    }

    @Test
    void transitionsAreDeliveredToListeners() {
        CircuitBreaker breaker = halfOpenBreaker();
        fail(breaker, 1);
        clock.advance(OPEN_DURATION);
        succeed(breaker, 3);

        assertEquals(
                List.of("CLOSED->OPEN", "OPEN->HALF_OPEN", "HALF_OPEN->OPEN", "OPEN->HALF_OPEN", "HALF_OPEN->CLOSED"),
                transitions);
    }

    @Test
    void listenersAreHandedTheBreaker() {
        CircuitBreaker breaker = new CircuitBreaker("claude/sonnet", THREE_IN_A_ROW, clock);
        List<String> names = new ArrayList<>();
        breaker.addListener((b, from, to) -> names.add(b.name()));

        fail(breaker, 3);

        assertEquals(List.of("claude/sonnet"), names);
    }

    @Test
    void aFailingListenerDoesNotStopTheTransitionOrTheOtherListeners() {
        CircuitBreaker breaker = new CircuitBreaker("openai/gpt-4o", THREE_IN_A_ROW, clock);
        breaker.addListener((b, from, to) -> {
            throw new IllegalStateException("listener bug");
        });
        breaker.addListener((b, from, to) -> transitions.add(from + "->" + to));

        fail(breaker, 3);

        assertEquals(OPEN, breaker.state());
        assertEquals(List.of("CLOSED->OPEN"), transitions);
    }

    @ParameterizedTest(name = "window {0}, open {1}, probes {2}")
    @CsvSource({"PT0S, PT5S, 3", "PT10S, PT-1S, 3", "PT10S, PT5S, 0"})
    void rejectsSettingsItCannotRun(Duration window, Duration openDuration, int probes) {
        BreakerSettings settings = new BreakerSettings(0.5, 10, window, 3, openDuration, probes);

        assertThrows(IllegalArgumentException.class, () -> new CircuitBreaker("x", settings, clock));
    }
    // ---- drills: an opening drilled failures count in stays on this instance

    private static void failDrilled(CircuitBreaker breaker, int times) {
        for (int i = 0; i < times; i++) {
            BreakerPermit permit = breaker.tryAcquire().orElseThrow();
            permit.markDrilled();
            permit.onFailure();
        }
    }

    @Test
    void anOpeningWhoseRunHoldsADrilledFailureIsTheDrills() {
        CircuitBreaker breaker = breaker(THREE_IN_A_ROW);

        failDrilled(breaker, 2);
        fail(breaker, 1);

        assertEquals(OPEN, breaker.state());
        assertTrue(breaker.openedByDrill(), "two of the three failures were the drill's");
    }

    @Test
    void anOpeningOnTheFailureRateIsTheDrillsWhileADrilledFailureIsInTheWindow() {
        CircuitBreaker breaker = breaker(HALF_OF_TEN);
        failDrilled(breaker, 1);
        succeed(breaker, 5);
        fail(breaker, 4);

        assertEquals(OPEN, breaker.state());
        assertTrue(breaker.openedByDrill());
    }

    @Test
    void realFailuresAloneOpenABreakerTheFleetHearsOf() {
        CircuitBreaker breaker = breaker(THREE_IN_A_ROW);
        failDrilled(breaker, 2);
        succeed(breaker, 1);
        clock.advance(WINDOW);

        fail(breaker, 3);

        assertEquals(OPEN, breaker.state());
        assertFalse(breaker.openedByDrill(), "the drilled failures ended with their run, and left the window");
    }

    @Test
    void aDrilledProbeFailureReopensForThisInstanceAlone() {
        CircuitBreaker breaker = openBreaker(THREE_IN_A_ROW);
        assertFalse(breaker.openedByDrill());
        clock.advance(OPEN_DURATION);

        failDrilled(breaker, 1);

        assertEquals(OPEN, breaker.state());
        assertTrue(breaker.openedByDrill());
    }
}
