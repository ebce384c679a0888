package io.llmfailover.benchmarks.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ResultsTableTest {

    @Test
    void addedLatencyIsHeldToWhatTheOpenTelemetryAgentAddsPlusItsSlack() {
        ResultsTable table = new ResultsTable();

        table.addedMicrosBesidePeer("p50", 100, 113, 122, "", 10.0);
        table.addedMicrosBesidePeer("p99", 300, 420, 480, "", 0.0);

        assertTrue(table.markdown().contains("| p50 | 100 us | 113 us | 122 us | +22 us, x1.22 | +9 us, x1.08 (OTel agent "
                + "+13 us) | <= OTel agent's added +10 us (+23 us) | met |"), table.markdown());
        assertTrue(table.markdown().contains("| p99 | 300 us | 420 us | 480 us | +180 us, x1.60 | +60 us, x1.14 (OTel agent "
                + "+120 us) | <= OTel agent's added (+120 us) | **not met** |"), table.markdown());
        assertEquals(2, table.targets());
        assertEquals(1, table.missed());
    }

    @Test
    void throughputMustKeepItsRatioToNoAgentAndTheOpenTelemetryAgents() {
        ResultsTable table = new ResultsTable();

        table.throughputBesidePeer("calls", 1000, 850, 905, 0.90);
        table.throughputBesidePeer("calls, the peer ahead", 1000, 930, 905, 0.90);
        table.throughputBesidePeer("calls, under the floor", 1000, 800, 880, 0.90);

        assertTrue(table.markdown().contains("| calls | 1000 calls/s | 850 calls/s | 905 calls/s | x0.91 | x1.06 (OTel agent "
                + "x0.85) | >= x0.90 and >= OTel agent's x0.85 | met |"), table.markdown());
        assertEquals(2, table.missed());
    }

    @Test
    void aThroughputWithoutPeerIsARatioBoundedFromBelow() {
        ResultsTable table = new ResultsTable();

        table.throughput("calls", 1000, 960, 0.97);

        assertTrue(table.markdown().contains("| calls | 1000 calls/s | - | 960 calls/s | x0.96 | - | >= x0.97 | **not met** |"),
                table.markdown());
    }

    @Test
    void theFailoverDecisionIsHeldToTheAppsOwnRetryPlusItsSlack() {
        ResultsTable table = new ResultsTable();

        table.withinOwnPlus("decision p50", " (own retry)", 150, 190, 50);
        table.withinOwnPlus("decision p99", " (own retry)", 480, 800, 300);
        table.absoluteMicros("decision p99, telemetry off", " (own retry)", 480, 490);

        assertTrue(table.markdown().contains("| decision p50 | 150 us (own retry) | - | 190 us | +40 us, x1.27 | - "
                + "| <= no agent +50 us (200 us) | met |"), table.markdown());
        assertTrue(table.markdown().contains("| decision p99 | 480 us (own retry) | - | 800 us | +320 us, x1.67 | - "
                + "| <= no agent +300 us (780 us) | **not met** |"), table.markdown());
        assertTrue(table.markdown().contains("| decision p99, telemetry off | 480 us (own retry) | - | 490 us | x1.02 | - "
                + "| - |  |"), table.markdown());
        assertEquals(2, table.targets());
        assertEquals(1, table.missed());
    }

    @Test
    void contextRowsHaveNoTarget() {
        ResultsTable table = new ResultsTable();

        table.addedKilobytes("allocation", 2048, 4096);
        table.addedMicrosBesidePeer("CPU", 10, 12, 15, "", null);

        assertTrue(table.markdown().contains("| allocation | 2.0 KB | - | 4.0 KB | +2.0 KB, x2.00 | - | - |  |"),
                table.markdown());
        assertTrue(table.markdown().contains("| CPU | 10 us | 12 us | 15 us | +5 us, x1.50 | +3 us, x1.25 (OTel agent +2 us) "
                + "| - |  |"), table.markdown());
        assertEquals(0, table.targets());
    }
}
