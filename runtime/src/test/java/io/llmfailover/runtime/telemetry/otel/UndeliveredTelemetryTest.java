package io.llmfailover.runtime.telemetry.otel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.testing.LogCapture;
import io.llmfailover.runtime.time.Clock;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * At exit, a run whose telemetry could not be exported says once how many spans and calls' metrics
 * were not delivered, and where they were meant to go; a run that delivered everything says nothing.
 */
class UndeliveredTelemetryTest {

    /** For a collector that is not there: an export fails at once anyway, a flush need not wait long. */
    private static final Map<String, String> QUICK = Map.of("otel.exporter.otlp.timeout", "500");

    @Test
    void withNothingListeningTheExitSaysOnceWhatWasNotDeliveredAndWhere() throws IOException {
        String endpoint = "http://127.0.0.1:" + CollectorOutageTest.closedPort();
        Telemetry telemetry = OtelTelemetry.start(TelemetryFixture.settings(endpoint, QUICK), Clock.SYSTEM);
        CollectorOutageTest.runCalls(telemetry.observer(), 3);

        List<String> lines;
        long exitNanos;
        try (LogCapture log = new LogCapture()) {
            long start = System.nanoTime();
            telemetry.shutdown();
            exitNanos = System.nanoTime() - start;
            lines = log.linesWith("not delivered");
        }
        System.out.printf("telemetry at exit with nothing listening: the line took %.1f ms%n", exitNanos / 1e6);

        assertEquals(1, lines.size(), lines::toString);
        assertTrue(lines.get(0).contains("3 spans and the metrics of 3 calls"), lines.get(0));
        assertTrue(lines.get(0).contains(endpoint + "/v1/traces and " + endpoint + "/v1/metrics"), lines.get(0));
    }

    /** Whether the calls were written to the SDK (and its exports failed) or still waited to be. */
    @Test
    void callsWrittenAndFailedToExportCountAsCallsNotYetWritten() throws IOException {
        String endpoint = "http://127.0.0.1:" + CollectorOutageTest.closedPort();
        Telemetry telemetry = OtelTelemetry.start(TelemetryFixture.settings(endpoint, QUICK), Clock.SYSTEM);
        CollectorOutageTest.runCalls(telemetry.observer(), 2);
        telemetry.flush();

        List<String> lines;
        try (LogCapture log = new LogCapture()) {
            telemetry.shutdown();
            lines = log.linesWith("not delivered");
        }

        assertEquals(1, lines.size(), lines::toString);
        assertTrue(lines.get(0).contains("2 spans and the metrics of 2 calls"), lines.get(0));
    }

    @Test
    void aRunThatDeliveredEverythingSaysNothing() throws IOException {
        try (OtlpReceiver collector = new OtlpReceiver()) {
            Telemetry telemetry = OtelTelemetry.start(TelemetryFixture.settings(collector.endpoint(), Map.of()), Clock.SYSTEM);
            CollectorOutageTest.runCalls(telemetry.observer(), 3);
            telemetry.flush(); // exported before the exit, whose own wait is short on a busy machine

            List<String> lines;
            try (LogCapture log = new LogCapture()) {
                telemetry.shutdown();
                lines = log.linesWith("not delivered");
            }

            assertEquals(List.of(), lines);
            assertEquals(3, collector.spans().size());
        }
    }
}
