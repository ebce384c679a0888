package io.llmfailover.runtime.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DurationsTest {

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', value = {
        "500ms   | PT0.5S",
        "2s      | PT2S",
        "1m      | PT1M",
        "1h      | PT1H",
        "1.5s    | PT1.5S",
        "0.25m   | PT15S",
        "10 s    | PT10S",
        "'  3S ' | PT3S",
        "0ms     | PT0S",
    })
    void readsANumberWithAUnit(String text, String expected) {
        assertEquals(Duration.parse(expected), Durations.parse(text));
    }

    @ParameterizedTest(name = "{0} is rejected: {1}")
    @CsvSource(delimiter = '|', value = {
        "5       | a duration needs a unit; add ms, s, m or h (e.g. 2s)",
        "2000    | a duration needs a unit; add ms, s, m or h (e.g. 2s)",
        "s       | malformed duration",
        "''      | malformed duration",
        "-1s     | malformed duration",
        "5x      | unknown duration unit",
        "5 sec   | unknown duration unit",
        "1.2.3s  | malformed duration",
    })
    void rejectsWhatIsNotANumberWithAUnit(String text, String expectedMessageStart) {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> Durations.parse(text));
        assertTrue(error.getMessage().startsWith(expectedMessageStart), error.getMessage());
    }
}
