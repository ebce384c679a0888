package io.llmfailover.runtime.resilience.throttle;

import static io.llmfailover.runtime.testing.Tries.forAll;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.config.ThrottleSettings;
import io.llmfailover.runtime.testing.Generator;
import io.llmfailover.runtime.time.ManualClock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link Throttle} fed generated outcomes and headers on a virtual clock (tries and seed: see
 * {@link io.llmfailover.runtime.testing.Tries}): whatever a server sends, a silence never exceeds
 * {@code throttle.max-silence}, and nothing throws.
 */
class ThrottleProperties {

    /** From the shortest to one too long for nanoTime arithmetic. */
    private static final List<Duration> MAX_SILENCES = List.of(Duration.ofMillis(1), Duration.ofSeconds(1),
            ThrottleSettings.DEFAULTS.maxSilence(), Duration.ofDays(400), Duration.ofSeconds(Long.MAX_VALUE, 999_999_999));

    /** What the throttle may hold a silence to: max-silence, or about 73 years when that is longer. */
    private static final long LONGEST_NANOS = Long.MAX_VALUE / 4;

    @Test
    void noOutcomeWithAnyHeadersSilencesBeyondMaxSilence() {
        forAll(steps(), steps -> {
            for (Duration maxSilence : MAX_SILENCES) {
                ManualClock clock = new ManualClock();
                Throttle throttle = new Throttle("openai#key-1", new ThrottleSettings(true, 8, 1, 16, maxSilence), clock);
                long cap = maxSilence.compareTo(Duration.ofNanos(LONGEST_NANOS)) > 0 ? LONGEST_NANOS : maxSilence.toNanos();
                throttle.addListener(new ThrottleListener() {
                    @Override
                    public void onSilenced(Throttle t, SilenceReason reason, long untilNanos, Duration length) {
                        assertTrue(length.toNanos() <= cap, () -> "silenced for " + length + " over " + maxSilence);
                    }
                });
                for (String step : steps) {
                    apply(step, throttle, clock);
                    long silence = throttle.nanosUntilAllowed();
                    assertTrue(silence >= 0 && silence <= cap, () -> "a silence of " + silence + " ns over " + maxSilence);
                }
            }
        });
    }

    /**
     * Steps as text, so that a failure shrinks: the first character says what happens ({@code R} a
     * 429, {@code Q} an exhausted quota, {@code T} time passes, anything else a success), the rest
     * is the response's header lines, or for {@code T} the milliseconds that pass.
     */
    private static Generator<List<String>> steps() {
        Generator<String> outcome = Generator.elementOf("R", "Q", "S", "T");
        Generator<String> step = random -> {
            String kind = outcome.next(random);
            return kind.equals("T")
                    ? kind + random.nextInt(Integer.MAX_VALUE)
                    : kind + String.join("\n", HeaderValues.headerLines().next(random));
        };
        return Generator.listOf(step, 6);
    }

    private static void apply(String step, Throttle throttle, ManualClock clock) {
        String rest = step.isEmpty() ? "" : step.substring(1);
        var headers = HeaderValues.headers(rest.isEmpty() ? List.of() : List.of(rest.split("\n")));
        switch (step.isEmpty() ? 'S' : step.charAt(0)) {
            case 'R' -> throttle.onRateLimited(headers, false);
            case 'Q' -> throttle.onQuotaExhausted(headers, false);
            case 'T' -> clock.advance(Duration.ofMillis(rest.matches("[0-9]{1,12}") ? Long.parseLong(rest) : 1000));
            default -> throttle.onSuccess(headers, false);
        }
    }
}
