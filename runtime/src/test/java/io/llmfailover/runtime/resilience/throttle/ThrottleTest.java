package io.llmfailover.runtime.resilience.throttle;

import static io.llmfailover.runtime.resilience.throttle.ThrottleDecision.Kind.ALLOWED;
import static io.llmfailover.runtime.resilience.throttle.ThrottleDecision.Kind.OVER_LIMIT;
import static io.llmfailover.runtime.resilience.throttle.ThrottleDecision.Kind.SILENCED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.config.ThrottleSettings;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.time.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ThrottleTest {

    private static final Duration MAX_SILENCE = Duration.ofMinutes(10);
    private static final ThrottleSettings LIMIT_8 = new ThrottleSettings(true, 8, 1, 16, MAX_SILENCE);

    private final ManualClock clock = new ManualClock(); // wall clock reads 2026-01-01T00:00:00Z
    private final List<String> events = new ArrayList<>();

    private Throttle throttle(ThrottleSettings settings) {
        Throttle throttle = new Throttle("openai#key-1", settings, clock);
        throttle.addListener(new ThrottleListener() {
            @Override
            public void onSilenced(Throttle t, SilenceReason reason, long untilNanos, Duration length) {
                events.add("silenced " + reason + " for " + length);
            }

            @Override
            public void onLimitChanged(Throttle t, int oldLimit, int newLimit) {
                events.add("limit " + oldLimit + " -> " + newLimit);
            }
        });
        return throttle;
    }

    private static void acquire(Throttle throttle, int calls) {
        for (int i = 0; i < calls; i++) {
            assertEquals(ALLOWED, throttle.tryAcquire().kind());
        }
    }

    /** One call that comes back 429 with these headers. */
    private static void rateLimited(Throttle throttle, HttpHeaders headers) {
        acquire(throttle, 1);
        throttle.onRateLimited(headers, false);
    }

    /** The one call a key takes after a 429, alone, and its success. */
    private static void probed(Throttle throttle) {
        acquire(throttle, 1);
        throttle.onSuccess(HttpHeaders.EMPTY, false);
    }

    private static long seconds(long seconds) {
        return Duration.ofSeconds(seconds).toNanos();
    }

    @Test
    void overLimitWhenInFlightReachesTheLimitOnceTheProviderHasSaidSlowDown() {
        Throttle throttle = throttle(LIMIT_8);
        rateLimited(throttle, Headers.of("retry-after", "0")); // the limit is in force, halved to 4
        probed(throttle);

        acquire(throttle, 4);

        assertEquals(ThrottleDecision.OVER_LIMIT, throttle.tryAcquire());
        assertEquals(4, throttle.inFlight());
        throttle.onReleased();
        assertEquals(ALLOWED, throttle.tryAcquire().kind(), "a finished call frees its slot");
    }

    /**
     * Calls that waited out a silence do not all arrive at once at a provider that may still be
     * limiting: one probes alone, and its success lets the halved limit apply.
     */
    @Test
    void afterASilenceOneCallProbesAloneUntilOneSucceeds() {
        Throttle throttle = throttle(LIMIT_8);
        rateLimited(throttle, Headers.of("retry-after", "2"));
        clock.advance(Duration.ofSeconds(2));

        acquire(throttle, 1);
        assertEquals(ThrottleDecision.OVER_LIMIT, throttle.tryAcquire(), "a second call while the probe is out");
        throttle.onSuccess(HttpHeaders.EMPTY, false);

        acquire(throttle, 4);
        assertEquals(ThrottleDecision.OVER_LIMIT, throttle.tryAcquire(), "the halved limit, once the probe succeeded");
    }

    @Test
    void aProbeThatFailsOtherwiseKeepsTheKeyToOneCallAtATime() {
        Throttle throttle = throttle(LIMIT_8);
        rateLimited(throttle, Headers.of("retry-after", "1"));
        clock.advance(Duration.ofSeconds(1));

        acquire(throttle, 1);
        throttle.onReleased(); // a 503, a timeout: nothing learnt about the rate limit

        acquire(throttle, 1);
        assertEquals(ThrottleDecision.OVER_LIMIT, throttle.tryAcquire());
    }

    /** M4 (issue #10): the default cap must never produce the agent's own 429 before a provider sent one. */
    @Test
    void M4_aFreshKeyIsNeverRefusedForConcurrencyBeforeAProviderSaysSlowDown() {
        Throttle throttle = throttle(ThrottleSettings.DEFAULTS);

        acquire(throttle, 500);

        assertEquals(500, throttle.inFlight());
        assertEquals(List.of(), events, "the limit did not move either");
    }

    /** H2 (issue #10): a slot is a lease: given back once, however many times it is released. */
    @Test
    void H2_aSlotReleasedTwiceGivesBackOneSlot() {
        Throttle throttle = throttle(LIMIT_8);
        ThrottleSlot first = throttle.tryAcquire().slot();
        throttle.tryAcquire();

        first.onSuccess(HttpHeaders.EMPTY);
        first.onIgnored(); // the release in finally
        first.onRateLimited(HttpHeaders.EMPTY);

        assertEquals(1, throttle.inFlight());
        assertEquals(0, throttle.nanosUntilAllowed(), "the late 429 report was a no-op");
        assertEquals(8, throttle.limit());
    }

    @Test
    void halvesOnRateLimit() {
        Throttle throttle = throttle(LIMIT_8);

        rateLimited(throttle, HttpHeaders.EMPTY);

        assertEquals(4, throttle.limit());
        assertEquals(0, throttle.inFlight());
    }

    @Test
    void neverBelowMinLimit() {
        Throttle throttle = throttle(new ThrottleSettings(true, 64, 5, 128, MAX_SILENCE));
        List<Integer> limits = new ArrayList<>();

        for (int i = 0; i < 6; i++) {
            rateLimited(throttle, HttpHeaders.EMPTY);
            limits.add(throttle.limit());
            clock.advance(Throttle.DEFAULT_RATE_LIMIT_SILENCE);
        }

        assertEquals(List.of(32, 16, 8, 5, 5, 5), limits);
    }

    @Test
    void aRateLimitDuringASilenceDoesNotHalveAgain() {
        Throttle throttle = throttle(LIMIT_8);
        acquire(throttle, 3);

        throttle.onRateLimited(Headers.of("retry-after", "2"), false);
        throttle.onRateLimited(Headers.of("retry-after", "2"), false);
        throttle.onRateLimited(Headers.of("retry-after", "2"), false);

        assertEquals(4, throttle.limit(), "three 429s of one burst cut the limit once");
        assertEquals(0, throttle.inFlight());
    }

    @Test
    void creepsBackOnSuccess() {
        Throttle throttle = throttle(LIMIT_8);
        rateLimited(throttle, HttpHeaders.EMPTY);
        clock.advance(Throttle.DEFAULT_RATE_LIMIT_SILENCE);
        probed(throttle);
        acquire(throttle, 2); // two calls in flight: half of the limit of 4 is in use

        for (int i = 0; i < 4; i++) {
            throttle.onSuccess(HttpHeaders.EMPTY, false);
            acquire(throttle, 1);
        }

        assertEquals(5, throttle.limit(), "one more after a round of 4 successes");
        assertEquals(List.of("silenced RATE_LIMITED for PT1S", "limit 8 -> 4", "limit 4 -> 5"), events);
    }

    @Test
    void neverAboveMaxLimit() {
        Throttle throttle = throttle(new ThrottleSettings(true, 2, 1, 3, MAX_SILENCE));
        rateLimited(throttle, Headers.of("retry-after", "0")); // in force, at 1
        acquire(throttle, 1);

        for (int i = 0; i < 50; i++) {
            throttle.onSuccess(HttpHeaders.EMPTY, false);
            acquire(throttle, 1);
        }

        assertEquals(3, throttle.limit());
    }

    @Test
    void silencedUntilRetryAfter() {
        Throttle throttle = throttle(LIMIT_8);

        rateLimited(throttle, Headers.of("retry-after", "7"));

        assertEquals(ThrottleDecision.silenced(seconds(7)), throttle.tryAcquire());
        assertEquals(seconds(7), throttle.nanosUntilAllowed());
        assertEquals(0, throttle.inFlight(), "a silenced attempt takes no slot");
    }

    @Test
    void silenceEndsOnTime() {
        Throttle throttle = throttle(LIMIT_8);
        rateLimited(throttle, Headers.of("retry-after-ms", "7000"));

        clock.advance(Duration.ofMillis(6_999));
        assertEquals(SILENCED, throttle.tryAcquire().kind());
        clock.advance(Duration.ofMillis(1));

        assertEquals(0, throttle.nanosUntilAllowed());
        assertEquals(ALLOWED, throttle.tryAcquire().kind());
    }

    @ParameterizedTest(name = "429 with {0}: {1} silenced for {2} s")
    @CsvSource({
        "retry-after,                 30,    30",
        "retry-after-ms,              2500,  2.5",
        "x-ratelimit-reset-tokens,    45s,   45", // no Retry-After: the announced reset
        "x-ratelimit-reset-requests,  2m,    120",
        "x-request-id,                abc,   1", // nothing said: a short default
        "retry-after,                 soon,  1",
        "retry-after,                 86400, 600", // a day asked, capped at max-silence
    })
    void aRateLimitSilencesForTheServersWait(String header, String value, double silenceSeconds) {
        Throttle throttle = throttle(LIMIT_8);

        rateLimited(throttle, Headers.of(header, value));

        assertEquals((long) (silenceSeconds * 1e9), throttle.nanosUntilAllowed());
    }

    @Test
    void retryAfterComesBeforeTheAnnouncedReset() {
        Throttle throttle = throttle(LIMIT_8);

        rateLimited(throttle, Headers.of("x-ratelimit-reset-tokens", "6m0s", "retry-after", "3"));

        assertEquals(seconds(3), throttle.nanosUntilAllowed());
    }

    @Test
    void aZeroRetryAfterHalvesWithoutSilence() {
        Throttle throttle = throttle(LIMIT_8);

        rateLimited(throttle, Headers.of("retry-after", "0"));

        assertEquals(4, throttle.limit());
        assertEquals(ALLOWED, throttle.tryAcquire().kind());
        assertEquals(List.of("limit 8 -> 4"), events);
    }

    @Test
    void aShorterSilenceNeverCutsALongerOneShort() {
        Throttle throttle = throttle(LIMIT_8);
        acquire(throttle, 2);

        throttle.onRateLimited(Headers.of("retry-after", "60"), false);
        throttle.onRateLimited(Headers.of("retry-after", "5"), false);

        assertEquals(seconds(60), throttle.nanosUntilAllowed());
        assertEquals(List.of("silenced RATE_LIMITED for PT1M", "limit 8 -> 4"), events);
    }

    @Test
    void insufficientQuotaSilencesTheKeyLong() {
        Throttle throttle = throttle(LIMIT_8);
        acquire(throttle, 1);

        throttle.onQuotaExhausted(Headers.of("x-ratelimit-remaining-requests", "42", "x-ratelimit-reset-requests", "1s"), false);

        assertEquals(MAX_SILENCE.toNanos(), throttle.nanosUntilAllowed());
        assertEquals(8, throttle.limit(), "an empty wallet says nothing about concurrency");
        assertEquals(0, throttle.inFlight());
        assertEquals(List.of("silenced QUOTA_EXHAUSTED for PT10M"), events);
    }

    @ParameterizedTest(name = "quota exhausted with {0}: {1} silenced for {4} s")
    @CsvSource({
        "retry-after,                    90, '',                         '', 90",
        "x-ratelimit-remaining-requests, 0,  x-ratelimit-reset-requests, 3m, 180",
        "retry-after,                    99999, '',                      '', 600",
    })
    void quotaExhaustionHonoursAResetTheServerGives(
            String name, String value, String otherName, String otherValue, long silenceSeconds) {
        Throttle throttle = throttle(LIMIT_8);
        acquire(throttle, 1);
        HttpHeaders headers = otherName.isEmpty() ? Headers.of(name, value) : Headers.of(name, value, otherName, otherValue);

        throttle.onQuotaExhausted(headers, false);

        assertEquals(seconds(silenceSeconds), throttle.nanosUntilAllowed());
    }

    @Test
    void remainingZeroSilencesUntilReset() {
        Throttle throttle = throttle(LIMIT_8);
        acquire(throttle, 1);

        throttle.onSuccess(Headers.of(
                "anthropic-ratelimit-requests-remaining", "0",
                "anthropic-ratelimit-requests-reset", "2026-01-01T00:00:42Z"), false);

        assertEquals(ThrottleDecision.silenced(seconds(42)), throttle.tryAcquire());
        assertEquals(List.of("silenced LIMIT_REACHED for PT42S"), events);
    }

    @Test
    void aSuccessWithLimitLeftDoesNotSilence() {
        Throttle throttle = throttle(LIMIT_8);
        acquire(throttle, 1);

        throttle.onSuccess(Headers.of("x-ratelimit-remaining-requests", "1", "x-ratelimit-reset-requests", "30s"), false);

        assertEquals(0, throttle.nanosUntilAllowed());
        assertEquals(ALLOWED, throttle.tryAcquire().kind());
    }

    @Test
    void releasedOutcomeFreesTheSlotAndLeavesTheLimit() {
        Throttle throttle = throttle(LIMIT_8);
        acquire(throttle, 8);

        for (int i = 0; i < 8; i++) {
            throttle.onReleased();
        }

        assertEquals(0, throttle.inFlight());
        assertEquals(8, throttle.limit());
        assertEquals(List.of(), events);
    }

    @Test
    void extraOutcomeReportsNeverMakeInFlightNegative() {
        Throttle throttle = throttle(LIMIT_8);

        throttle.onReleased();
        throttle.onSuccess(HttpHeaders.EMPTY, false);
        throttle.onRateLimited(HttpHeaders.EMPTY, false);

        assertEquals(0, throttle.inFlight());
        clock.advance(Throttle.DEFAULT_RATE_LIMIT_SILENCE);
        probed(throttle);
        acquire(throttle, 4);
        assertEquals(ThrottleDecision.OVER_LIMIT, throttle.tryAcquire(), "the limit is 4 after the 429; no phantom slots");
    }

    @Test
    void disabledThrottleAllowsEverything() {
        Throttle throttle = throttle(new ThrottleSettings(false, 2, 1, 4, MAX_SILENCE));
        acquire(throttle, 10);

        throttle.onRateLimited(Headers.of("retry-after", "30"), false);
        throttle.onQuotaExhausted(HttpHeaders.EMPTY, false);
        throttle.onSuccess(Headers.of("x-ratelimit-remaining-requests", "0", "x-ratelimit-reset-requests", "30s"), false);

        assertEquals(ALLOWED, throttle.tryAcquire().kind());
        assertEquals(0, throttle.nanosUntilAllowed());
        assertEquals(2, throttle.limit());
        assertEquals(8, throttle.inFlight(), "calls in flight are still counted");
        assertEquals(List.of(), events);
    }

    @Test
    void aFailingListenerDoesNotStopTheThrottle() {
        Throttle throttle = new Throttle("openai#key-1", LIMIT_8, clock);
        throttle.addListener(new ThrottleListener() {
            @Override
            public void onLimitChanged(Throttle t, int oldLimit, int newLimit) {
                throw new IllegalStateException("listener bug");
            }
        });

        rateLimited(throttle, Headers.of("retry-after", "1"));

        assertEquals(4, throttle.limit());
        assertEquals(seconds(1), throttle.nanosUntilAllowed());
    }

    @Test
    void refusesANegativeMaxSilence() {
        ThrottleSettings settings = new ThrottleSettings(true, 8, 1, 16, Duration.ofSeconds(-1));

        assertThrows(IllegalArgumentException.class, () -> new Throttle("x", settings, clock));
    }

    /** H3 (issue #10): no header value, however absurd, may throw; a wait too long is throttle.max-silence. */
    @ParameterizedTest(name = "[{0}: {1}] silences for {2} s")
    @CsvSource(delimiter = '|', value = {
        "anthropic-ratelimit-requests-reset | +999999999-12-31T23:59:59Z | 600",
        "anthropic-ratelimit-requests-reset | -999999999-01-01T00:00:00Z | 0",
        "retry-after                        | 99999999999999999999999999 | 600",
        "retry-after                        | -99999999999999999999      | 0",
        "retry-after                        | NaN                        | 1",
        "retry-after                        | 'Fri, 31 Dec 9999 23:59:59 GMT' | 600",
        "retry-after-ms                     | 9223372036854775807        | 600",
        "retry-after-ms                     | 9223372036854775808        | 600",
        "x-ratelimit-reset-requests         | 9999999999999999999h       | 1",
        "x-ratelimit-reset-requests         | 2562047h47m16.854775807s   | 600",
        "x-ratelimit-reset-requests         | -5s                        | 0",
        "x-ratelimit-reset-tokens           | '1s1s1s1s1s1s1s1s1s1s1s1s1s1s1s1s1s1s1s1s1s1s1s1s1s1s1s1s1s1sx' | 1",
    })
    void H3_absurdHeaderValuesNeverThrowAndNeverSilenceBeyondMaxSilence(String header, String value, long seconds) {
        Throttle throttle = throttle(LIMIT_8);

        rateLimited(throttle, Headers.of(header, value));

        assertEquals(seconds(seconds), throttle.nanosUntilAllowed());
    }

    @ParameterizedTest(name = "[{0}: {1}]")
    @CsvSource(delimiter = '|', value = {
        "anthropic-ratelimit-requests-reset | +999999999-12-31T23:59:59Z",
        "x-ratelimit-reset-requests         | 9999999999999999999h",
        "x-ratelimit-reset-requests         | 99999999999999999999999",
    })
    void H3_absurdResetsOfASpentLimitNeverThrow(String header, String value) {
        Throttle throttle = throttle(LIMIT_8);
        String remaining = header.replace("reset", "remaining");

        ThrottleSlot succeeded = throttle.tryAcquire().slot();
        ThrottleSlot outOfQuota = throttle.tryAcquire().slot();

        succeeded.onSuccess(Headers.of(remaining, "0", header, value));
        outOfQuota.onQuotaExhausted(Headers.of(remaining, "0", header, value));

        assertEquals(0, throttle.inFlight());
        assertTrue(throttle.nanosUntilAllowed() <= MAX_SILENCE.toNanos());
    }

    @Test
    void H3_anAbsurdMaxSilenceIsClampedRatherThanOverflowing() {
        Throttle throttle = throttle(new ThrottleSettings(true, 8, 1, 16, Duration.ofSeconds(Long.MAX_VALUE)));

        throttle.tryAcquire().slot().onQuotaExhausted(HttpHeaders.EMPTY);

        assertTrue(throttle.nanosUntilAllowed() > Duration.ofDays(365 * 50).toNanos(), "silenced for decades, not wrapped");
    }

    /**
     * A slot told to wait is given back only once its silence is in force: a call waiting for that
     * slot must not be sent in between, which would be a second request in the provider's window.
     */
    @ParameterizedTest
    @CsvSource({"429", "quota", "spent"})
    void aSlotToldToWaitIsGivenBackOnlyOnceItsSilenceIsInForce(String ending) {
        Throttle throttle = throttle(LIMIT_8);
        List<String> seenAsTheSilenceBegan = new ArrayList<>();
        throttle.addListener(new ThrottleListener() {
            @Override
            public void onSilenced(Throttle t, SilenceReason reason, long untilNanos, Duration length) {
                seenAsTheSilenceBegan.add(t.inFlight() + " in flight, a call now " + t.tryAcquire().kind());
            }
        });
        acquire(throttle, 1);

        HttpHeaders wait = HttpHeaders.builder().set("retry-after", "1").build();
        switch (ending) {
            case "429" -> throttle.onRateLimited(wait, false);
            case "quota" -> throttle.onQuotaExhausted(wait, false);
            default -> throttle.onSuccess(HttpHeaders.builder().set("x-ratelimit-remaining-requests", "0")
                    .set("x-ratelimit-reset-requests", "1s").build(), false);
        }

        assertEquals(List.of("1 in flight, a call now " + SILENCED), seenAsTheSilenceBegan);
        assertEquals(0, throttle.inFlight());
    }
}
