package io.llmfailover.runtime.log;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.llmfailover.runtime.time.ManualClock;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class RepeatSummaryTest {

    private final ManualClock clock = new ManualClock();
    private final RepeatSummary summary = new RepeatSummary(clock, Duration.ofSeconds(10));

    @Test
    void theFirstOccurrenceIsLoggedAndRepeatsInsideThePeriodAreCounted() {
        assertEquals(0, summary.occurred("a to b (503)"));
        assertEquals(-1, summary.occurred("a to b (503)"));
        clock.advance(Duration.ofSeconds(9));
        assertEquals(-1, summary.occurred("a to b (503)"));

        clock.advance(Duration.ofSeconds(1));
        assertEquals(2, summary.occurred("a to b (503)"), "the two repeats since the logged line");
        assertEquals(-1, summary.occurred("a to b (503)"));
    }

    @Test
    void eachLineHasItsOwnPeriod() {
        assertEquals(0, summary.occurred("a to b (503)"));
        assertEquals(0, summary.occurred("a to b (429)"));
        assertEquals(-1, summary.occurred("a to b (503)"));
    }

    @Test
    void aLineThatStoppedRepeatingIsLoggedAfreshWhenItComesBack() {
        assertEquals(0, summary.occurred("a to b (503)"));
        clock.advance(Duration.ofMinutes(5));
        assertEquals(0, summary.occurred("a to b (503)"));
    }
}
