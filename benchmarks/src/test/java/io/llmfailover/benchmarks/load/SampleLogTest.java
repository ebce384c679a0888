package io.llmfailover.benchmarks.load;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class SampleLogTest {

    @Test
    void samplesTravelAsOneCommaSeparatedField() {
        SampleLog log = new SampleLog();
        log.add(120_000);
        log.add(95_500);

        assertEquals("120000,95500", log.csv());
        assertArrayEquals(new long[] {120_000, 95_500}, SampleLog.parseCsv(log.csv()).toArray());
    }

    @Test
    void noSampleIsADash() {
        assertEquals("-", new SampleLog().csv());
        assertEquals(0, SampleLog.parseCsv("-").size());
    }

    @Test
    void logsMergeInOrderAndGrowPastTheirFirstArray() {
        SampleLog first = new SampleLog();
        for (int i = 0; i < 5000; i++) {
            first.add(i);
        }
        SampleLog second = SampleLog.parseCsv("7,8");

        long[] merged = SampleLog.merged(List.of(first, second));

        assertEquals(5002, merged.length);
        assertEquals(4999, merged[4999]);
        assertEquals(8, merged[5001]);
    }
}
