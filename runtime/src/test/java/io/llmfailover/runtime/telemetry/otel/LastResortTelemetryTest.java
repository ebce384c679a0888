package io.llmfailover.runtime.telemetry.otel;

import static io.llmfailover.runtime.telemetry.otel.OtlpReceiver.attributes;
import static io.llmfailover.runtime.telemetry.otel.TelemetryFixture.CLAUDE;
import static io.llmfailover.runtime.telemetry.otel.TelemetryFixture.DEEPSEEK;
import static io.llmfailover.runtime.telemetry.otel.TelemetryFixture.OPENAI;
import static io.llmfailover.runtime.telemetry.otel.TelemetryFixture.chat;
import static io.llmfailover.runtime.testing.ScriptedTransport.json;
import static io.llmfailover.runtime.testing.ScriptedTransport.status;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.config.CacheSettings;
import io.llmfailover.runtime.config.FailoverConfig;
import io.llmfailover.runtime.config.TrafficShaping;
import io.llmfailover.runtime.contract.LlmResponse;
import io.opentelemetry.proto.metrics.v1.NumberDataPoint;
import io.opentelemetry.proto.trace.v1.Span;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** An answer replayed by the last-resort cache says so on the call's span, and counts in its metric. */
class LastResortTelemetryTest {

    private static final String ANSWER = "{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\",\"model\":\"gpt-4o\","
            + "\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\"Hi\"},\"finish_reason\":\"stop\"}]}";
    private static final String DOWN = "{\"error\":{\"type\":\"server_error\"}}";

    private TelemetryFixture fixture;

    @AfterEach
    void stop() {
        if (fixture != null) {
            fixture.close();
        }
    }

    @Test
    void theCallSpanOfACachedAnswerIsServedByTheCache() throws IOException {
        fixture = new TelemetryFixture(withCache(TelemetryFixture.config()));
        fixture.providers.on(OPENAI, json(ANSWER), status(503, DOWN));
        fixture.providers.on(DEEPSEEK, status(503, DOWN));
        fixture.providers.on(CLAUDE, status(503, DOWN));
        readAll(fixture.gateway.execute(chat(false), fixture.providers));

        LlmResponse cached = fixture.gateway.execute(chat(false), fixture.providers);
        readAll(cached);
        fixture.flush();

        assertEquals(200, cached.status());
        List<Span> calls = fixture.receiver.spans().stream().filter(s -> s.getParentSpanId().isEmpty()).toList();
        Map<String, Object> call = attributes(calls.get(1));
        assertEquals("cache", call.get("llm_failover.served_by"));
        assertEquals(3L, call.get("llm_failover.attempts"), "every step was tried first");

        NumberDataPoint answers = fixture.receiver.metric("llm_failover.cache.answers")
                .orElseThrow(() -> new AssertionError("no llm_failover.cache.answers")).getSum().getDataPoints(0);
        assertEquals(1, answers.getAsInt());
        assertEquals(Map.of("llm_failover.addressed_provider", "openai"), attributes(answers.getAttributesList()));
        assertTrue(fixture.receiver.metric("gen_ai.client.operation.duration").orElseThrow().getHistogram()
                .getDataPointsList().stream()
                .anyMatch(point -> "cache".equals(attributes(point.getAttributesList()).get("llm_failover.provider"))),
                "the cached answer's call counts as the cache's");
    }

    private static FailoverConfig withCache(FailoverConfig config) {
        TrafficShaping shaping = new TrafficShaping(config.budget(), Map.of(),
                new CacheSettings(true, 1000, Duration.ofMinutes(10)));
        return new FailoverConfig(config.source(), config.providers(), config.routes(), config.breaker(), config.throttle(),
                config.firstContentDeadline(), config.failoverOn(), config.defaultMaxTokens(), config.otel(), config.strict(),
                config.extra(), config.headDeadline(), config.bufferMaxBytes(), shaping);
    }

    private static void readAll(LlmResponse response) throws IOException {
        try (response) {
            response.body().readAllBytes();
        }
    }
}
