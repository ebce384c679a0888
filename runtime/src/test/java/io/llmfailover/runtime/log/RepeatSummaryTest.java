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

    @Test
    void linesPastTheBoundShareOneCountSoCallersCannotGrowTheSummary() {
        for (int i = 0; i < RepeatSummary.MAX_LINES; i++) {
            assertEquals(0, summary.occurred("model-" + i + " passed through"));
        }

        assertEquals(0, summary.occurred("one more model passed through"), "the first line past the bound is logged");
        assertEquals(-1, summary.occurred("yet another model passed through"), "and counts for every other one");
        assertEquals(-1, summary.occurred("model-7 passed through"), "the lines told apart keep their own count");
    }

    @Test
    void linesWhosePeriodEndedMakeRoomForNewOnes() {
        for (int i = 0; i < RepeatSummary.MAX_LINES; i++) {
            summary.occurred("model-" + i + " passed through");
        }
        clock.advance(Duration.ofSeconds(10));

        assertEquals(0, summary.occurred("a new line"));
        assertEquals(0, summary.occurred("another new line"), "told apart: the ended lines were forgotten");
    }
}
