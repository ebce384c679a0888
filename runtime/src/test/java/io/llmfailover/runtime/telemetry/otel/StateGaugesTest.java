package io.llmfailover.runtime.telemetry.otel;

import static io.llmfailover.runtime.telemetry.otel.TelemetryFixture.DEEPSEEK;
import static io.llmfailover.runtime.telemetry.otel.TelemetryFixture.OPENAI;
import static io.llmfailover.runtime.telemetry.otel.TelemetryFixture.chat;
import static io.llmfailover.runtime.testing.ScriptedTransport.json;
import static io.llmfailover.runtime.testing.ScriptedTransport.status;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.config.ConfigLoader;
import io.llmfailover.runtime.config.FailoverConfig;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.gateway.Gateway;
import io.llmfailover.runtime.telemetry.StateReadings;
import io.llmfailover.runtime.testing.ScriptedTransport;
import io.llmfailover.runtime.time.ManualClock;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gauges a gateway's state feeds, read at each scrape (the queue, the fleet, the state's store,
 * the configured tpm), and the silences counted per key, as a Prometheus scrape shows them.
 */
class StateGaugesTest {

    private static final String ANSWER = """
            {"id":"ds-1","model":"deepseek-chat","choices":[{"index":0,"message":{"role":"assistant",
            "content":"flour"},"finish_reason":"stop"}],"usage":{"prompt_tokens":11,"completion_tokens":6}}""";

    @TempDir
    Path workDir;

    private Telemetry telemetry;

    @AfterEach
    void stop() {
        if (telemetry != null) {
            telemetry.shutdown();
        }
    }

    @Test
    void aScrapeReadsTheGatewaysQueueFleetStoreAndConfiguredTpmAndCountsSilencesPerKey() throws Exception {
        int port = PrometheusEndpointTest.freePort();
        ManualClock clock = new ManualClock();
        telemetry = OtelTelemetry.start(TelemetryFixture.settings("http://127.0.0.1:9", Map.of(
                "otel.traces.exporter", "none", "otel.metrics.exporter", "prometheus",
                "otel.exporter.prometheus.host", "127.0.0.1", "otel.exporter.prometheus.port", String.valueOf(port))), clock);
        Gateway gateway = Gateway.builder(config()).clock(clock).telemetry(telemetry).build();
        ScriptedTransport providers = new ScriptedTransport();
        providers.on(OPENAI, status(429, "{\"error\":{\"type\":\"rate_limit_error\"}}", "retry-after", "2"));
        providers.on(DEEPSEEK, json(ANSWER));

        try (LlmResponse answer = gateway.execute(chat(false), providers)) {
            answer.body().readAllBytes();
        }
        telemetry.flush();
        String scrape = PrometheusEndpointTest.scrape(port);

        assertEquals(0, value(scrape, "llm_failover_queue_length", ""), scrape);
        assertEquals(1, value(scrape, "llm_failover_fleet_instances", ""), scrape);
        assertEquals(1, value(scrape, "llm_failover_state_reachable", "llm_failover_state_backend=\"local\""), scrape);
        assertEquals(30000, value(scrape, "llm_failover_quota_tokens_per_minute", "llm_failover_provider=\"deepseek\""), scrape);
        assertEquals(1, value(scrape, "llm_failover_throttle_silences_total", "llm_failover_silence_reason=\"rate_limited\""),
                scrape);
        assertTrue(scrape.contains("llm_failover_provider=\"deepseek\""), scrape);
    }

    @Test
    void aFleetWhoseRedisIsAwayShowsItsInstancesAndZeroForReachable() throws Exception {
        int port = PrometheusEndpointTest.freePort();
        telemetry = OtelTelemetry.start(TelemetryFixture.settings("http://127.0.0.1:9", Map.of(
                "otel.traces.exporter", "none", "otel.metrics.exporter", "prometheus",
                "otel.exporter.prometheus.host", "127.0.0.1", "otel.exporter.prometheus.port", String.valueOf(port))),
                new ManualClock());
        telemetry.read(new StateReadings() {
            @Override
            public int queueLength() {
                return 7;
            }

            @Override
            public int instances() {
                return 3;
            }

            @Override
            public String stateBackend() {
                return "redis";
            }

            @Override
            public boolean stateReachable() {
                return false;
            }

            @Override
            public Map<String, Long> tokensPerMinute() {
                return Map.of();
            }
        });

        telemetry.flush();
        String scrape = PrometheusEndpointTest.scrape(port);

        assertEquals(7, value(scrape, "llm_failover_queue_length", ""), scrape);
        assertEquals(3, value(scrape, "llm_failover_fleet_instances", ""), scrape);
        assertEquals(0, value(scrape, "llm_failover_state_reachable", "llm_failover_state_backend=\"redis\""), scrape);
    }

    /** The value of the one series of {@code name} whose labels hold {@code label}. */
    private static double value(String scrape, String name, String label) {
        Matcher series = Pattern.compile("(?m)^" + name + "\\{([^}]*)\\} (\\S+)").matcher(scrape);
        while (series.find()) {
            if (series.group(1).contains(label)) {
                return Double.parseDouble(series.group(2));
            }
        }
        throw new AssertionError("no " + name + " with " + label + " in\n" + scrape);
    }

    /** openai (the app's) -> deepseek, which has a tpm. */
    private FailoverConfig config() throws Exception {
        Properties system = new Properties();
        system.setProperty("llm.failover.provider.openai.url", "http://" + OPENAI + "/v1");
        system.setProperty("llm.failover.provider.openai.protocol", "openai");
        system.setProperty("llm.failover.provider.deepseek.url", "http://" + DEEPSEEK + "/v1");
        system.setProperty("llm.failover.provider.deepseek.protocol", "openai");
        system.setProperty("llm.failover.provider.deepseek.api-key", TelemetryFixture.DEEPSEEK_KEY);
        system.setProperty("llm.failover.provider.deepseek.tpm", "30000");
        system.setProperty("llm.failover.route.chat.match", "openai");
        system.setProperty("llm.failover.route.chat.chain", "openai, deepseek");
        return ConfigLoader.load(null, Map.of(), system, workDir);
    }
}
