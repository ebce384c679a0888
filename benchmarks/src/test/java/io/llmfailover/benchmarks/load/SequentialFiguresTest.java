package io.llmfailover.benchmarks.load;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class SequentialFiguresTest {

    @Test
    void blocksArePooledForPercentilesAndCounted() {
        SequentialFigures figures = SequentialFigures.merge(List.of(
                block("100000,300000,200000", 0), block("400000", 2)));

        assertEquals(4, figures.latency().count());
        assertEquals(200.0, figures.latency().micros(50));
        assertEquals(2, figures.errors());
        assertEquals(2, figures.rounds());
    }

    @Test
    void cpuIsSummedOverTheBlocksAndSharedByEveryCallErrorsIncluded() {
        SequentialFigures figures = SequentialFigures.merge(List.of(
                block("100000,300000", 0, 60_000, 150_000), block("400000", 1, 60_000, 210_000)));

        assertEquals(30.0, figures.callerCpuMicrosPerCall());
        assertEquals(90.0, figures.processCpuMicrosPerCall());
    }

    @Test
    void thePairedDifferenceIsTheMedianOfEachRoundsDifferenceOfBlockMedians() {
        // Round 2 was a slow moment for both arms: pairing by round keeps it out of the difference.
        SequentialFigures plain = SequentialFigures.merge(List.of(
                block("100000", 0), block("900000", 0), block("110000", 0)));
        SequentialFigures agent = SequentialFigures.merge(List.of(
                block("120000", 0), block("950000", 0), block("125000", 0)));

        assertEquals(20.0, agent.pairedMedianDifferenceMicros(plain));
    }

    private static Command block(String latencyNanos, long errors) {
        return block(latencyNanos, errors, 0, 0);
    }

    private static Command block(String latencyNanos, long errors, long callerCpuNanos, long processCpuNanos) {
        return Command.of("RESULT").with("calls", latencyNanos.split(",").length).with("errors", errors)
                .with("ownRetries", 0).with("latency", latencyNanos).with("ttft", "-")
                .with("callerCpu", callerCpuNanos).with("processCpu", processCpuNanos);
    }
}
