package io.llmfailover.runtime.telemetry.otel;

import static io.llmfailover.runtime.telemetry.otel.TelemetryFixture.APP_KEY;
import static io.llmfailover.runtime.telemetry.otel.TelemetryFixture.DEEPSEEK;
import static io.llmfailover.runtime.telemetry.otel.TelemetryFixture.DEEPSEEK_KEY;
import static io.llmfailover.runtime.telemetry.otel.TelemetryFixture.OPENAI;
import static io.llmfailover.runtime.telemetry.otel.TelemetryFixture.PROMPT;
import static io.llmfailover.runtime.telemetry.otel.TelemetryFixture.chat;
import static io.llmfailover.runtime.testing.ScriptedTransport.json;
import static io.llmfailover.runtime.testing.ScriptedTransport.status;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.contract.LlmResponse;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@code otel.metrics.exporter = prometheus}: the settings, and a scrape of the endpoint after a failover. */
class PrometheusEndpointTest {

    private static final String ANSWER = """
            {"id":"ds-1","model":"deepseek-chat","choices":[{"index":0,"message":{"role":"assistant",
            "content":"flour, eggs, milk"},"finish_reason":"stop"}],"usage":{"prompt_tokens":11,"completion_tokens":6}}""";

    private TelemetryFixture fixture;

    @AfterEach
    void stop() {
        if (fixture != null) {
            fixture.close();
        }
    }

    private static ExportSettings read(Map<String, String> file) {
        return ExportSettings.from(new OtelProperties(file, name -> null, name -> null));
    }

    @Test
    void prometheusAloneServesOnAllInterfacesAtPort9464AndPushesNothing() {
        ExportSettings settings = read(Map.of("otel.metrics.exporter", "prometheus"));

        assertEquals(new PrometheusEndpoint("0.0.0.0", 9464), settings.prometheus());
        assertEquals(ExporterKind.NONE, settings.metricsExporter());
        assertNull(settings.metricsEndpoint(), "nothing is posted to :4318/v1/metrics");
        assertTrue(settings.exportsMetrics());
        assertFalse(settings.pushesMetrics());
    }

    @Test
    void besideOtlpBothExportTheHostAndPortAsSet() {
        ExportSettings settings = read(Map.of("otel.metrics.exporter", "otlp, prometheus",
                "otel.exporter.prometheus.host", "127.0.0.1", "otel.exporter.prometheus.port", "19464"));

        assertEquals(new PrometheusEndpoint("127.0.0.1", 19464), settings.prometheus());
        assertEquals(ExporterKind.OTLP, settings.metricsExporter());
        assertEquals("http://localhost:4318/v1/metrics", settings.metricsEndpoint());
    }

    @Test
    void prometheusTakesNoSpansAndABadPortIsASettingError() {
        assertEquals("otel.traces.exporter = prometheus: Prometheus takes metrics only; expected otlp, console (or logging) or none",
                assertThrows(IllegalArgumentException.class, () -> read(Map.of("otel.traces.exporter", "prometheus"))).getMessage());
        assertEquals("otel.exporter.prometheus.port = 94x4: expected a port, 0 to 65535",
                assertThrows(IllegalArgumentException.class, () -> read(Map.of("otel.metrics.exporter", "prometheus",
                        "otel.exporter.prometheus.port", "94x4"))).getMessage());
        assertEquals("otel.metrics.exporter = otlp,console: expected otlp, console (or logging), prometheus, otlp,prometheus or none",
                assertThrows(IllegalArgumentException.class, () -> read(Map.of("otel.metrics.exporter", "otlp,console"))).getMessage());
    }

    @Test
    void aScrapeAfterAFailoverShowsTheMetricsAsPrometheusNamesThemAndNoKeyPromptOrUrl() throws Exception {
        int port = freePort();
        fixture = new TelemetryFixture(new OtlpReceiver(), Map.of("otel.metrics.exporter", "prometheus",
                "otel.exporter.prometheus.host", "127.0.0.1", "otel.exporter.prometheus.port", String.valueOf(port)));
        fixture.providers.on(OPENAI, status(429, "{\"error\":{\"type\":\"rate_limit_error\"}}", "retry-after", "2"));
        fixture.providers.on(DEEPSEEK, json(ANSWER));

        try (LlmResponse answer = fixture.gateway.execute(chat(false), fixture.providers)) {
            answer.body().readAllBytes();
        }
        fixture.flush();
        String scrape = scrape(port);

        assertTrue(scrape.contains("llm_failover_failovers_total{"), scrape);
        assertTrue(scrape.contains("llm_failover_failover_reason=\"429\""), scrape);
        assertTrue(scrape.contains("gen_ai_client_operation_duration_seconds_bucket{"), scrape);
        assertTrue(scrape.contains("gen_ai_client_token_usage_sum{"), scrape);
        assertTrue(scrape.contains("llm_failover_throttle_silenced_seconds{"), scrape);
        assertTrue(scrape.contains("llm_failover_provider=\"deepseek\""), "who answered, by its configured name");
        for (String secret : new String[] {APP_KEY, DEEPSEEK_KEY, PROMPT, "sk-", "Bearer", "/v1/chat/completions"}) {
            assertFalse(scrape.contains(secret), () -> secret + " in the scrape:\n" + scrape);
        }
    }

    @Test
    void theEndpointAnswersBeforeAnyCall() throws Exception {
        int port = freePort();
        fixture = new TelemetryFixture(new OtlpReceiver(), Map.of("otel.metrics.exporter", "prometheus",
                "otel.exporter.prometheus.host", "127.0.0.1", "otel.exporter.prometheus.port", String.valueOf(port)));

        assertTrue(((OtelTelemetry) fixture.telemetry).awaitStart(10_000), "the SDK started without a call");
        String scrape = scrape(port);

        assertTrue(scrape.contains("target_info{"), scrape);
    }

    @Test
    void aPortAlreadyTakenLeavesTheOtherExportsAndTheCallsAsTheyWere() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            PrometheusEndpoint endpoint = new PrometheusEndpoint("127.0.0.1", taken.getLocalPort());

            assertTrue(endpoint.start(null).isEmpty());
        }
    }

    static int freePort() throws IOException {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return probe.getLocalPort();
        }
    }

    static String scrape(int port) throws IOException, InterruptedException {
        HttpResponse<String> response = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode(), response::body);
        return response.body();
    }
}
