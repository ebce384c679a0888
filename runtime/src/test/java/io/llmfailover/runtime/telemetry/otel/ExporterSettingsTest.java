package io.llmfailover.runtime.telemetry.otel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The exporter kinds, the warning that names where export goes, and the exit that does not wait for nobody. */
class ExporterSettingsTest {

    private static ExportSettings read(Map<String, String> file) {
        return ExportSettings.from(new OtelProperties(file, name -> null, name -> null));
    }

    @ParameterizedTest
    @ValueSource(strings = {"console", "logging", "CONSOLE"})
    void consoleAndLoggingPrintSpansToTheAgentsLogAndPostNothing(String value) {
        ExportSettings settings = read(Map.of("otel.traces.exporter", value));

        assertEquals(ExporterKind.CONSOLE, settings.tracesExporter());
        assertTrue(settings.exportsTraces());
        assertNull(settings.tracesEndpoint(), "nothing is posted to :4318");
    }

    @Test
    void anUnknownExporterIsAnErrorNamingTheKeyAndTheValuesThatExist() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> read(Map.of("otel.metrics.exporter", "zipkin")));

        assertEquals("otel.metrics.exporter = zipkin: expected otlp, console (or logging), prometheus, otlp,prometheus or none",
                error.getMessage());
    }

    @Test
    void theExportWarningNamesTheEndpointAndHowToTurnExportOff() {
        String advice = SdkLogBridge.advice(read(Map.of("otel.exporter.otlp.endpoint", "http://collector:4318")));

        assertTrue(advice.contains("http://collector:4318/v1/traces"), advice);
        assertTrue(advice.contains("otel.traces.exporter = none"), advice);
        assertTrue(advice.contains("otel.sdk.disabled = true"), advice);
    }

    @Test
    void aCollectorThatRefusesConnectionsIsNotListening() throws IOException {
        int closedPort;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = probe.getLocalPort();
        }

        assertFalse(CollectorProbe.listening("http://127.0.0.1:" + closedPort + "/v1/traces"));
        assertFalse(CollectorProbe.listening(null));
    }

    @Test
    void aCollectorThatAcceptsConnectionsIsListening() throws IOException {
        try (ServerSocket collector = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            assertTrue(CollectorProbe.listening("http://127.0.0.1:" + collector.getLocalPort() + "/v1/traces"));
        }
    }
}
