package io.llmfailover.runtime.resilience.throttle;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class GoDurationTest {

    @ParameterizedTest(name = "\"{0}\" is {1}")
    @CsvSource({
        "1s,        PT1S",
        "12ms,      PT0.012S",
        "6m0s,      PT6M",
        "2m59.56s,  PT2M59.56S",
        "1h2m3s,    PT1H2M3S",
        "0s,        PT0S",
        "0,         PT0S",
        "500us,     PT0.0005S",
        "500\u00b5s, PT0.0005S",
        "500\u03bcs, PT0.0005S",
        "100ns,     PT0.0000001S",
        "1.5h,      PT1H30M",
        ".5s,       PT0.5S",
        "1.s,       PT1S",
        "+2s,       PT2S",
        "-1m30s,    PT-1M-30S",
        "'  7s  ',  PT7S",
        "1ms500us,  PT0.0015S",
    })
    void readsGoDurations(String text, Duration expected) {
        assertEquals(Optional.of(expected), GoDuration.parse(text));
    }

    @ParameterizedTest(name = "\"{0}\" is not a duration")
    @NullAndEmptySource
    @ValueSource(strings = {"1", "60", "s", "1x", "1 s", "1s2", "--1s", "1.2.3s", "abc", "1S", "00", "0s0", ".s",
        "9999999999999h"})
    void garbageIsEmpty(String text) {
        assertEquals(Optional.empty(), GoDuration.parse(text));
    }

    /** H3 (issue #10): absurd values are a duration or empty, never an exception. */
    @ParameterizedTest(name = "\"{0}\" is {1}")
    @CsvSource({
        "2562047h47m16.854775807s,  PT2562047H47M16.854775807S",
        "-2562047h47m16.854775807s, PT-2562047H-47M-16.854775807S",
        "9223372036854775807ns,     PT2562047H47M16.854775807S",
        "9223372036854775808ns,     ",
        "-9223372036854775808ns,    ",
        "100000000000000000000000000000000000000000000000000000000000000h, ",
        "0.0000000000000000000000000000001ns, PT0S",
    })
    void H3_absurdDurationsAreClampedOrEmptyNeverThrown(String text, Duration expected) {
        assertEquals(Optional.ofNullable(expected), GoDuration.parse(text));
    }
}
