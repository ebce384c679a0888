package io.llmfailover.runtime.telemetry.otel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.config.FailoverConfig;
import io.llmfailover.runtime.provider.Protocol;
import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.telemetry.CallScope;
import io.llmfailover.runtime.time.ManualClock;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ExportSettingsTest {

    private static ExportSettings read(Map<String, String> file, Map<String, String> env, Map<String, String> system) {
        return ExportSettings.from(new OtelProperties(file, env::get, system::get));
    }

    @Test
    void defaultsAreTheOpenTelemetryAgentsOwn() {
        ExportSettings settings = read(Map.of(), Map.of(), Map.of());

        assertEquals("http://localhost:4318/v1/traces", settings.tracesEndpoint());
        assertEquals("http://localhost:4318/v1/metrics", settings.metricsEndpoint());
        assertEquals("unknown_service:java", settings.serviceName());
        assertEquals("parentbased_always_on", settings.sampler());
        assertEquals(2048, settings.maxQueueSize());
        assertEquals(Duration.ofSeconds(60), settings.metricInterval());
        assertFalse(settings.captureContent());
        assertTrue(settings.exportsTraces() && settings.exportsMetrics());
    }

    @Test
    void aSystemPropertyWinsOverTheEnvironmentWhichWinsOverTheFile() {
        Map<String, String> file = Map.of("otel.service.name", "from-file", "otel.exporter.otlp.endpoint",
                "http://file:4318/", "otel.traces.sampler", "always_off");
        Map<String, String> env = Map.of("OTEL_SERVICE_NAME", "from-env", "OTEL_EXPORTER_OTLP_ENDPOINT", "http://env:4318");
        Map<String, String> system = Map.of("otel.service.name", "from-system");

        ExportSettings settings = read(file, env, system);

        assertEquals("from-system", settings.serviceName());
        assertEquals("http://env:4318/v1/traces", settings.tracesEndpoint());
        assertEquals("always_off", settings.sampler());
    }

    @Test
    void perSignalEndpointsAndHeadersAreTakenAsGiven() {
        ExportSettings settings = read(Map.of(
                "otel.exporter.otlp.traces.endpoint", "http://collector:4318/custom/traces",
                "otel.exporter.otlp.headers", "authorization=Bearer%20token,x-tenant=a",
                "otel.exporter.otlp.metrics.headers", "x-tenant=b"), Map.of(), Map.of());

        assertEquals("http://collector:4318/custom/traces", settings.tracesEndpoint());
        assertEquals(Map.of("authorization", "Bearer token", "x-tenant", "a"), settings.tracesHeaders());
        assertEquals(Map.of("authorization", "Bearer token", "x-tenant", "b"), settings.metricsHeaders());
        assertFalse(settings.toString().contains("token"), "headers never appear in toString");
    }

    @Test
    void exporterNoneTurnsASignalOff() {
        ExportSettings settings = read(Map.of("otel.traces.exporter", "none"), Map.of(), Map.of());

        assertNull(settings.tracesEndpoint());
        assertFalse(settings.exportsTraces());
        assertTrue(settings.exportsMetrics());
    }

    @ParameterizedTest
    @CsvSource({"true, true", "TRUE, true", "false, false", "SPAN_ONLY, true", "span_and_event, true",
            "EVENT_ONLY, true", "NO_CONTENT, false", "yes, false"})
    void contentCaptureTakesTheOldAndTheNewSpellings(String value, boolean capture) {
        assertEquals(capture, read(Map.of(), Map.of("OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT", value),
                Map.of()).captureContent());
    }

    @ParameterizedTest
    @CsvSource({"5000, 5000", "5s, 5000", "250ms, 250", "2m, 120000"})
    void durationsAreMillisecondsOrCarryTheirUnit(String value, long millis) {
        assertEquals(Duration.ofMillis(millis), read(Map.of("otel.bsp.schedule.delay", value), Map.of(), Map.of())
                .scheduleDelay());
    }

    @Test
    void aMalformedValueNamesTheKey() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> read(Map.of("otel.bsp.max.queue.size", "lots"), Map.of(), Map.of()));
        assertTrue(error.getMessage().contains("otel.bsp.max.queue.size"));
    }

    @ParameterizedTest
    @CsvSource({
            "sometimes,                , otel.traces.sampler",
            "traceidratio,          1.5, otel.traces.sampler.arg",
            "parentbased_traceidratio, -0.1, otel.traces.sampler.arg",
            "traceidratio,         half, otel.traces.sampler.arg",
            "llm_failover,         half, otel.traces.sampler.arg"})
    void aSamplerTheSdkWouldRefuseIsRefusedWhenTheSettingsAreRead(String sampler, String arg, String key) {
        Map<String, String> file = arg == null ? Map.of("otel.traces.sampler", sampler)
                : Map.of("otel.traces.sampler", sampler, "otel.traces.sampler.arg", arg);

        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> read(file, Map.of(), Map.of()));

        assertTrue(error.getMessage().startsWith(key + " = "), error.getMessage());
    }

    @ParameterizedTest
    @CsvSource({"always_on, AlwaysOnSampler", "ALWAYS_OFF, AlwaysOffSampler", "traceidratio, TraceIdRatioBased{0.250000}",
            "parentbased_always_on, root:AlwaysOnSampler", "parentbased_always_off, root:AlwaysOffSampler",
            "parentbased_traceidratio, root:TraceIdRatioBased{0.250000}", "llm_failover, AlwaysOnSampler"})
    void everySamplerNameThatPassesTheCheckBuildsItsSampler(String name, String described) {
        read(Map.of("otel.traces.sampler", name, "otel.traces.sampler.arg", "0.25"), Map.of(), Map.of());

        assertTrue(TelemetrySdk.sampler(name, "0.25").getDescription().contains(described),
                TelemetrySdk.sampler(name, "0.25").getDescription());
    }

    @Test
    void aBadSettingTurnsExportOffButNeverFailsTheStart() {
        FailoverConfig config = new FailoverConfig(FailoverConfig.defaults().source(), Map.of(), List.of(),
                FailoverConfig.defaults().breaker(), FailoverConfig.defaults().throttle(),
                FailoverConfig.defaults().firstContentDeadline(), FailoverConfig.defaults().failoverOn(),
                Map.of("otel.traces.sampler", "sometimes"), false, Map.of());

        Telemetry telemetry = Telemetry.start(config, new ManualClock());

        assertSame(CallScope.NOOP, telemetry.observer().callStarted(GenAiObserverTest.streamingChat(),
                GenAiObserverTest.route()));
        telemetry.shutdown();
    }

    @ParameterizedTest
    @CsvSource({
            "openai,    https://api.openai.com/v1,                           openai",
            "primary,   https://api.openai.com/v1,                           openai",
            "claude,    https://api.anthropic.com/v1,                        anthropic",
            "g,         https://generativelanguage.googleapis.com/v1beta,    gcp.gemini",
            "ds,        https://api.deepseek.com,                            deepseek",
            "fast,      https://api.groq.com/openai/v1,                      groq",
            "az,        https://mine.openai.azure.com/openai,                azure.ai.openai",
            "deepseek,  http://127.0.0.1:9002/v1,                            deepseek",
            "local-llm, http://127.0.0.1:8080/v1,                            local-llm"})
    void providersGetTheirSemanticConventionNameWhenWellKnown(String name, String url, String expected) {
        Provider provider = new Provider(name, URI.create(url), Protocol.OPENAI, List.of(), Map.of());
        assertEquals(expected, ProviderNames.semconvName(provider));
    }
}
