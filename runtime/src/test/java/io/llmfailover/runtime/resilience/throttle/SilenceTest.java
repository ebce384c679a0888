package io.llmfailover.runtime.resilience.throttle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.time.ManualClock;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SilenceTest {

    private static final Duration MAX_SILENCE = Duration.ofMinutes(10);

    private final ManualClock clock = new ManualClock();
    private final Silence silence = new Silence(MAX_SILENCE, clock);

    @Test
    void aNewKeyIsNotSilent() {
        assertEquals(0, silence.nanosLeft());
    }

    @ParameterizedTest(name = "asked for {0} ms: silent for {1} ms")
    @CsvSource({
        "1000, 1000",
        "0, 0",
        "-5, 0",
        "600000, 600000",
        "600001, 600000",
        "9223372036854775807, 600000",
    })
    void aSilenceLastsWhatWasAskedCappedAtMaxSilence(long askedMillis, long silentMillis) {
        Silence.Lengthening asked = silence.lengthen(askedMillis);

        assertEquals(Duration.ofMillis(silentMillis), asked.length());
        assertEquals(silentMillis > 0, asked.lengthened());
        assertEquals(Duration.ofMillis(silentMillis).toNanos(), silence.nanosLeft());
    }

    @Test
    void aSilenceOnlyLengthensAndSaysWhetherOneWasRunning() {
        Silence.Lengthening first = silence.lengthen(5_000);
        clock.advance(Duration.ofSeconds(1));
        Silence.Lengthening shorter = silence.lengthen(1_000);
        Silence.Lengthening longer = silence.lengthen(10_000);

        assertFalse(first.wasRunning());
        assertTrue(shorter.wasRunning());
        assertFalse(shorter.lengthened(), "4 s were left: 1 s more changes nothing");
        assertTrue(longer.lengthened());
        assertEquals(Duration.ofSeconds(10).toNanos(), silence.nanosLeft());
    }

    @Test
    void aSilenceEndsByTimeAlone() {
        silence.lengthen(2_000);
        clock.advance(Duration.ofMillis(1_999));
        assertEquals(Duration.ofMillis(1).toNanos(), silence.nanosLeft());

        clock.advance(Duration.ofMillis(1));
        assertEquals(0, silence.nanosLeft());
        assertFalse(silence.lengthen(1_000).wasRunning());
    }

    @Test
    void aMaxSilenceTooLongToRepresentIsTheLongestThatIs() {
        Silence endless = new Silence(Duration.ofSeconds(Long.MAX_VALUE), clock);

        Silence.Lengthening asked = endless.lengthen(Long.MAX_VALUE);

        assertTrue(asked.lengthened());
        assertEquals(Long.MAX_VALUE / 4, endless.nanosLeft());
    }

    @Test
    void refusesANegativeMaxSilence() {
        IllegalArgumentException refused =
                assertThrows(IllegalArgumentException.class, () -> new Silence(Duration.ofSeconds(-1), clock));
        assertEquals("throttle.max-silence must not be negative, got PT-1S", refused.getMessage());
    }
}
