package io.llmfailover.runtime.log;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HumanDurationTest {

    @ParameterizedTest(name = "{0} ns -> {1}")
    @CsvSource({
        "29999400000, 30 s",
        "30000000000, 30 s",
        "1500000000, 1.5 s",
        "999400000, 999 ms",
        "999600000, 1 s",
        "250000000, 250 ms",
        "0, 0 ms",
        "-5, 0 ms",
        "600000000000, 600 s",
    })
    void readsAsTheOperatorWroteIt(long nanos, String expected) {
        assertEquals(expected, HumanDuration.ofNanos(nanos));
    }
}
