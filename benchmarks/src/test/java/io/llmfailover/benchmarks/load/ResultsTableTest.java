package io.llmfailover.benchmarks.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ResultsTableTest {

    @Test
    void addedLatencyIsTheDifferenceOfTheSamePercentileHeldToItsTarget() {
        ResultsTable table = new ResultsTable();

        table.addedMicros("p50", 100, 118, 20.0);
        table.addedMicros("p99", 300, 480, 150.0);

        assertTrue(table.markdown().contains("| p50 | 100 us | 118 us | +18 us, x1.18 | <= +20 us | met |"),
                table.markdown());
        assertTrue(table.markdown().contains("| p99 | 300 us | 480 us | +180 us, x1.60 | <= +150 us | **not met** |"),
                table.markdown());
        assertEquals(2, table.targets());
        assertEquals(1, table.missed());
    }

    @Test
    void throughputIsARatioBoundedFromBelow() {
        ResultsTable table = new ResultsTable();

        table.throughput("calls", 1000, 905, 0.90);
        table.throughput("calls, telemetry off", 1000, 960, 0.97);

        assertTrue(table.markdown().contains("| calls | 1000 calls/s | 905 calls/s | x0.91 | >= x0.90 | met |"),
                table.markdown());
        assertEquals(1, table.missed());
    }

    @Test
    void anAbsoluteTimeIsHeldToItsTargetByItselfOrIsContextWithoutOne() {
        ResultsTable table = new ResultsTable();

        table.absoluteMicros("decision p99", " (own retry)", 480, 620, 500.0);
        table.absoluteMicros("decision p99, telemetry off", " (own retry)", 480, 490, null);

        assertTrue(table.markdown().contains("| decision p99 | 480 us (own retry) | 620 us | x1.29 | <= 500 us | **not met** |"),
                table.markdown());
        assertTrue(table.markdown().contains("| decision p99, telemetry off | 480 us (own retry) | 490 us | x1.02 | - |  |"),
                table.markdown());
        assertEquals(1, table.targets());
        assertEquals(1, table.missed());
    }

    @Test
    void contextRowsHaveNoTarget() {
        ResultsTable table = new ResultsTable();

        table.addedKilobytes("allocation", 2048, 4096);

        assertTrue(table.markdown().contains("| allocation | 2.0 KB | 4.0 KB | +2.0 KB, x2.00 | - |  |"), table.markdown());
        assertEquals(0, table.targets());
    }
}
