package io.llmfailover.runtime.telemetry.otel;

import static io.llmfailover.runtime.telemetry.otel.OtlpReceiver.attributes;
import static io.llmfailover.runtime.telemetry.otel.TelemetryFixture.APP_KEY;
import static io.llmfailover.runtime.telemetry.otel.TelemetryFixture.CLAUDE;
import static io.llmfailover.runtime.telemetry.otel.TelemetryFixture.DEEPSEEK;
import static io.llmfailover.runtime.telemetry.otel.TelemetryFixture.DEEPSEEK_KEY;
import static io.llmfailover.runtime.telemetry.otel.TelemetryFixture.OPENAI;
import static io.llmfailover.runtime.telemetry.otel.TelemetryFixture.PROMPT;
import static io.llmfailover.runtime.telemetry.otel.TelemetryFixture.chat;
import static io.llmfailover.runtime.testing.ScriptedTransport.brokenStream;
import static io.llmfailover.runtime.testing.ScriptedTransport.json;
import static io.llmfailover.runtime.testing.ScriptedTransport.sse;
import static io.llmfailover.runtime.testing.ScriptedTransport.status;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.contract.InMemoryBody;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.keys.KeyFingerprint;
import io.llmfailover.runtime.keys.KeyPool;
import io.llmfailover.runtime.testing.ScriptedTransport;
import io.opentelemetry.proto.metrics.v1.HistogramDataPoint;
import io.opentelemetry.proto.metrics.v1.Metric;
import io.opentelemetry.proto.metrics.v1.NumberDataPoint;
import io.opentelemetry.proto.trace.v1.Span;
import io.opentelemetry.proto.trace.v1.Status;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class GatewayTelemetryTest {

    private static final String ANSWER = """
            {"id":"chatcmpl-7","model":"gpt-4o-2024-08-06","choices":[{"index":0,"message":{"role":"assistant",
            "content":"flour, eggs, milk"},"finish_reason":"stop"}],"usage":{"prompt_tokens":12,"completion_tokens":5}}""";
    private static final String DEEPSEEK_ANSWER = """
            {"id":"ds-1","model":"deepseek-chat","choices":[{"index":0,"message":{"role":"assistant",
            "content":"flour, eggs, milk"},"finish_reason":"stop"}],"usage":{"prompt_tokens":11,"completion_tokens":6}}""";
    private static final String STREAM = """
            data: {"id":"c-9","model":"gpt-4o","choices":[{"delta":{"content":"flour"},"finish_reason":null}]}

            data: {"id":"c-9","model":"gpt-4o","choices":[{"delta":{},"finish_reason":"stop"}]}

            data: {"id":"c-9","model":"gpt-4o","choices":[],"usage":{"prompt_tokens":9,"completion_tokens":2}}

            data: [DONE]

            """;

    private TelemetryFixture fixture;

    @AfterEach
    void stop() {
        if (fixture != null) {
            fixture.close();
        }
    }

    @Test
    void passThroughIsOneCallSpanWithOneAttemptAndTheUsageOfTheAnswer() throws IOException {
        fixture = new TelemetryFixture();
        fixture.providers.on(OPENAI, json(ANSWER));

        readAll(fixture.gateway.execute(chat(false), fixture.providers));
        fixture.flush();

        Span call = fixture.receiver.span("chat gpt-4o");
        assertEquals(Span.SpanKind.SPAN_KIND_CLIENT, call.getKind());
        assertTrue(call.getParentSpanId().isEmpty(), "no app span: a new trace");
        Map<String, Object> attributes = attributes(call);
        assertEquals("chat", attributes.get("gen_ai.operation.name"));
        assertEquals("openai", attributes.get("gen_ai.provider.name"));
        assertEquals("gpt-4o", attributes.get("gen_ai.request.model"));
        assertEquals("gpt-4o-2024-08-06", attributes.get("gen_ai.response.model"));
        assertEquals("chatcmpl-7", attributes.get("gen_ai.response.id"));
        assertEquals(12L, attributes.get("gen_ai.usage.input_tokens"));
        assertEquals(5L, attributes.get("gen_ai.usage.output_tokens"));
        assertEquals(List.of("stop"), attributes.get("gen_ai.response.finish_reasons"));
        assertEquals(false, attributes.get("gen_ai.request.stream"));
        assertEquals("127.0.0.1", attributes.get("server.address"));
        assertEquals(9001L, attributes.get("server.port"));
        assertEquals(false, attributes.get("llm_failover.failed_over"));
        assertEquals(1L, attributes.get("llm_failover.attempts"));
        assertFalse(attributes.containsKey("error.type"));

        // One attempt that answered: the call span says what its span would have said, once.
        assertEquals(List.of(), fixture.receiver.childrenOf(call));
        Map<String, Object> attempt = attributes;
        assertEquals("openai", attempt.get("llm_failover.served_by"));
        assertFalse(attempt.containsKey("llm_failover.provider"), "served_by says it");
        assertFalse(attempt.containsKey("llm_failover.attempt"), "attempts says it");
        assertFalse(attempt.containsKey("llm_failover.throttle.decision"), "it was sent: allowed");
        assertEquals("success", attempt.get("llm_failover.outcome"));
        assertEquals(200L, attempt.get("http.response.status_code"));
        // The app's own credential, named by a hash of it (never the key itself), one throttle per tenant.
        assertTrue(String.valueOf(attempt.get("llm_failover.key_id")).matches("app:[0-9a-f]{16}"));
        assertEquals("closed", attempt.get("llm_failover.breaker.state"));

        HistogramDataPoint duration = histogram("gen_ai.client.operation.duration").get(0);
        assertEquals(1, duration.getCount());
        assertEquals("s", fixture.receiver.metric("gen_ai.client.operation.duration").orElseThrow().getUnit());
        Map<String, Object> durationAttributes = attributes(duration.getAttributesList());
        assertEquals("openai", durationAttributes.get("gen_ai.provider.name"));
        assertEquals("gpt-4o-2024-08-06", durationAttributes.get("gen_ai.response.model"));
        assertEquals(Map.of("input", 12.0, "output", 5.0), tokenSums());
    }

    @Test
    void aSingleAttemptCarriesTheCallSpanToTheProviderAsTraceparent() throws IOException {
        fixture = new TelemetryFixture();
        fixture.providers.on(OPENAI, json(ANSWER));

        readAll(fixture.gateway.execute(chat(false), fixture.providers));
        fixture.flush();

        Span attempt = fixture.receiver.span("chat gpt-4o");
        String expected = "00-" + hex(attempt.getTraceId().toByteArray()) + "-" + hex(attempt.getSpanId().toByteArray())
                + "-";
        List<String> traceparent = fixture.providers.sent.get(0).headers().all("traceparent");
        assertEquals(1, traceparent.size());
        assertTrue(traceparent.get(0).startsWith(expected), traceparent + " names the attempt span " + expected);
        int flags = Integer.parseInt(traceparent.get(0).substring(expected.length()), 16);
        assertEquals(1, flags & 1, "sampled");
    }

    @Test
    void afterAFailoverEachAttemptCarriesTheSpanThatRecordsIt() throws IOException {
        fixture = new TelemetryFixture();
        fixture.providers.on(OPENAI, status(503, "{}"));
        fixture.providers.on(DEEPSEEK, json(DEEPSEEK_ANSWER));

        readAll(fixture.gateway.execute(chat(false), fixture.providers));
        fixture.flush();

        Span call = fixture.receiver.span("chat gpt-4o");
        List<Span> attempts = fixture.receiver.childrenOf(call);
        assertEquals(List.of("attempt openai", "attempt deepseek"), attempts.stream().map(Span::getName).toList());
        // The first attempt went out before anyone knew there would be a second: it names the call span.
        assertTrue(traceparentSentTo(0).contains("-" + hex(call.getSpanId().toByteArray()) + "-"));
        assertTrue(traceparentSentTo(1).contains("-" + hex(attempts.get(1).getSpanId().toByteArray()) + "-"));
        assertTrue(traceparentSentTo(1).contains("00-" + hex(call.getTraceId().toByteArray()) + "-"));
    }

    @Test
    void theKeepFailoversSamplerExportsEveryFailoverAndSamplesTheRestWhileMetricsCountEveryCall()
            throws IOException {
        fixture = new TelemetryFixture(new OtlpReceiver(),
                Map.of("otel.traces.sampler", "llm_failover", "otel.traces.sampler.arg", "0"));
        fixture.providers.on(OPENAI, json(ANSWER));
        fixture.providers.on(OPENAI, json(ANSWER));
        fixture.providers.on(OPENAI, status(503, "{}"));
        fixture.providers.on(DEEPSEEK, json(DEEPSEEK_ANSWER));

        for (int call = 0; call < 3; call++) {
            readAll(fixture.gateway.execute(chat(false), fixture.providers));
        }
        fixture.flush();

        List<Span> calls = fixture.receiver.spans().stream().filter(s -> s.getParentSpanId().isEmpty()).toList();
        assertEquals(1, calls.size(), "only the call that failed over");
        assertEquals(true, attributes(calls.get(0)).get("llm_failover.failed_over"));
        assertEquals(2, fixture.receiver.childrenOf(calls.get(0)).size());
        long counted = histogram("gen_ai.client.operation.duration").stream().mapToLong(HistogramDataPoint::getCount).sum();
        assertEquals(3, counted);
    }

    @Test
    void rateLimitedPrimaryFailsOverAndTheSpansSayWhyAndForHowLong() throws IOException {
        fixture = new TelemetryFixture();
        fixture.providers.on(OPENAI, status(429, "{\"error\":{\"type\":\"rate_limit_error\"}}", "retry-after", "2"));
        fixture.providers.on(DEEPSEEK, json(DEEPSEEK_ANSWER));

        LlmResponse answer = fixture.gateway.execute(chat(false), fixture.providers);
        readAll(answer);
        readAll(fixture.gateway.execute(chat(false), fixture.providers));
        fixture.flush();

        List<Span> calls = fixture.receiver.spans().stream().filter(s -> s.getParentSpanId().isEmpty()).toList();
        assertEquals(2, calls.size());
        Span failedOver = calls.get(0);
        Map<String, Object> call = attributes(failedOver);
        assertEquals("deepseek", call.get("llm_failover.served_by"));
        assertEquals(true, call.get("llm_failover.failed_over"));
        assertEquals("deepseek", call.get("gen_ai.provider.name"));
        assertEquals("deepseek-chat", call.get("gen_ai.response.model"));
        assertEquals(2L, call.get("llm_failover.attempts"));

        List<Span> attempts = fixture.receiver.childrenOf(failedOver);
        assertEquals(List.of("attempt openai", "attempt deepseek"), attempts.stream().map(Span::getName).toList());
        Map<String, Object> first = attributes(attempts.get(0));
        assertEquals("rate_limited", first.get("llm_failover.outcome"));
        assertEquals("429", first.get("llm_failover.failover.reason"));
        assertEquals("429", first.get("error.type"));
        assertEquals(Status.StatusCode.STATUS_CODE_ERROR, attempts.get(0).getStatus().getCode());
        Span.Event silenced = event(attempts.get(0), "llm_failover.throttle.silenced");
        assertEquals("rate_limited", attributes(silenced.getAttributesList()).get("llm_failover.silence.reason"));
        assertEquals(2.0, attributes(silenced.getAttributesList()).get("llm_failover.wait_seconds"));
        Map<String, Object> second = attributes(attempts.get(1));
        assertEquals("deepseek", second.get("gen_ai.provider.name"));
        assertEquals(KeyPool.keyId(KeyFingerprint.salted(KeyFingerprint.DEFAULT_SALT), TelemetryFixture.DEEPSEEK_KEY),
                second.get("llm_failover.key_id"), "the key's fingerprint, never the key");

        Span.Event skipped = event(calls.get(1), "llm_failover.provider.skipped");
        Map<String, Object> skip = attributes(skipped.getAttributesList());
        assertEquals("openai", skip.get("llm_failover.provider"));
        assertEquals("silenced", skip.get("llm_failover.skip.reason"));
        assertEquals("silenced", skip.get("llm_failover.throttle.decision"));

        NumberDataPoint failovers = sum("llm_failover.failovers").get(0);
        assertEquals(1, failovers.getAsInt());
        assertEquals(Map.of("llm_failover.provider", "openai", "llm_failover.failover.reason", "429"),
                attributes(failovers.getAttributesList()));
    }

    @Test
    void breakerOpeningIsAnEventOnTheAttemptThatOpenedItAndASkipAfterwards() throws IOException {
        callsWhileOpenAiFails(4);
        fixture.flush();

        List<Span> calls = fixture.receiver.spans().stream().filter(s -> s.getParentSpanId().isEmpty()).toList();
        assertEquals(4, calls.size());
        Span opening = fixture.receiver.childrenOf(calls.get(2)).get(0);
        Map<String, Object> transition = attributes(event(opening, "llm_failover.breaker.transition").getAttributesList());
        assertEquals("openai/gpt-4o", transition.get("llm_failover.provider"));
        assertEquals("closed", transition.get("llm_failover.breaker.from"));
        assertEquals("open", transition.get("llm_failover.breaker.to"));

        Map<String, Object> skip = attributes(event(calls.get(3), "llm_failover.provider.skipped").getAttributesList());
        assertEquals("breaker_open", skip.get("llm_failover.skip.reason"));
        assertEquals(5.0, skip.get("llm_failover.wait_seconds"));
        assertEquals(List.of(), fixture.receiver.childrenOf(calls.get(3)), "only the fallback was tried");
        assertEquals("deepseek", attributes(calls.get(3)).get("llm_failover.served_by"));

        Map<String, Long> states = new java.util.HashMap<>();
        gauge("llm_failover.breaker.state").forEach(point -> states.put(
                (String) attributes(point.getAttributesList()).get("llm_failover.breaker.state"), point.getAsInt()));
        assertEquals(Map.of("open", 1L, "closed", 0L, "half_open", 0L), states);
    }

    @Test
    void eachAttemptNamesTheStateOfTheBreakerThatLetItThroughAHalfOpenOnesProbeIncluded() throws IOException {
        callsWhileOpenAiFails(3); // the third opens its breaker
        fixture.clock.advance(Duration.ofSeconds(5)); // the open duration
        readAll(fixture.gateway.execute(chat(false), fixture.providers));
        fixture.flush();

        List<Span> calls = fixture.receiver.spans().stream().filter(s -> s.getParentSpanId().isEmpty()).toList();
        assertEquals(4, calls.size());
        Span first = fixture.receiver.childrenOf(calls.get(0)).get(0);
        Span probe = fixture.receiver.childrenOf(calls.get(3)).get(0);
        assertEquals("openai", attributes(probe).get("llm_failover.provider"));
        assertEquals("closed", attributes(first).get("llm_failover.breaker.state"));
        assertEquals("half_open", attributes(probe).get("llm_failover.breaker.state"));
    }

    @Test
    void aStreamedAnswerEndsTheCallSpanWhenTheAppHasReadItWithTimeToFirstChunk() throws IOException {
        fixture = new TelemetryFixture();
        fixture.providers.on(OPENAI, request -> {
            fixture.clock.advance(Duration.ofMillis(300));
            return sse(STREAM).answer(request);
        });

        LlmResponse answer = fixture.gateway.execute(chat(true), fixture.providers);
        InputStream body = answer.body();
        body.read(new byte[16]);
        fixture.clock.advance(Duration.ofMillis(700));
        body.readAllBytes();
        fixture.flush();

        Span call = fixture.receiver.span("chat gpt-4o");
        Map<String, Object> attributes = attributes(call);
        assertEquals(true, attributes.get("gen_ai.request.stream"));
        assertEquals(0.3, (Double) attributes.get("gen_ai.response.time_to_first_chunk"), 1e-9);
        assertEquals(9L, attributes.get("gen_ai.usage.input_tokens"));
        assertEquals(2L, attributes.get("gen_ai.usage.output_tokens"));
        assertEquals(List.of("stop"), attributes.get("gen_ai.response.finish_reasons"));
        assertEquals(Duration.ofSeconds(1).toNanos(), call.getEndTimeUnixNano() - call.getStartTimeUnixNano());
        assertEquals(0.3, histogram("gen_ai.client.operation.time_to_first_chunk").get(0).getSum(), 1e-9);
        assertEquals(1.0, histogram("gen_ai.client.operation.duration").get(0).getSum(), 1e-9);
    }

    @Test
    void aStreamThatBreaksMidwayEndsTheCallSpanWithTheError() throws IOException {
        fixture = new TelemetryFixture();
        fixture.providers.on(OPENAI, brokenStream("data: {\"model\":\"gpt-4o\",\"choices\":[]}\n\n"));

        LlmResponse answer = fixture.gateway.execute(chat(true), fixture.providers);
        String delivered = ScriptedTransport.drain(answer.body()).text();
        fixture.flush();

        assertTrue(delivered.contains("data: {\"error\":"), "the app's SDK gets an error event: " + delivered);

        Span call = fixture.receiver.span("chat gpt-4o");
        assertEquals(Status.StatusCode.STATUS_CODE_ERROR, call.getStatus().getCode());
        Map<String, Object> attributes = attributes(call);
        assertEquals("java.io.IOException", attributes.get("error.type"));
        assertEquals("gpt-4o", attributes.get("gen_ai.response.model"), "what was read before the break still counts");
        Span.Event exception = event(call, "exception");
        assertEquals("stream reset by peer", attributes(exception.getAttributesList()).get("exception.message"));
        assertEquals("java.io.IOException",
                attributes(histogram("gen_ai.client.operation.duration").get(0).getAttributesList()).get("error.type"));
    }

    @Test
    void aProviderThatCannotBeTranslatedToIsASkipAndTheExhaustedCallAnError() throws IOException {
        fixture = new TelemetryFixture();
        fixture.providers.on(OPENAI, status(503, "{\"error\":{\"message\":\"down\"}}"));
        fixture.providers.on(DEEPSEEK, status(502, "{}"));

        // Several choices (n > 1) have no Anthropic form: the policy refuses that fallback.
        LlmResponse answer = fixture.gateway.execute(chat(false, ",\"n\":2"), fixture.providers);
        fixture.flush();

        assertEquals(503, answer.status());
        Span call = fixture.receiver.span("chat gpt-4o");
        assertEquals("503", attributes(call).get("error.type"));
        assertEquals(2, fixture.receiver.childrenOf(call).size());
        Map<String, Object> skip = attributes(event(call, "llm_failover.provider.skipped").getAttributesList());
        assertEquals("claude", skip.get("llm_failover.provider"));
        assertEquals("untranslatable", skip.get("llm_failover.skip.reason"));
        assertEquals(0, fixture.providers.sent.stream().filter(r -> r.uri().getAuthority().equals(CLAUDE)).count());
    }

    @Test
    void aTranslatedAttemptNamesTheFieldsItsTargetCouldNotTake() throws IOException {
        fixture = new TelemetryFixture();
        fixture.providers.on(OPENAI, status(503, "{\"error\":{\"message\":\"down\"}}"));
        fixture.providers.on(DEEPSEEK, status(502, "{}"));
        fixture.providers.on(CLAUDE, json("{\"id\":\"msg_01\",\"type\":\"message\",\"role\":\"assistant\","
                + "\"model\":\"claude-sonnet-4-5\",\"content\":[{\"type\":\"text\",\"text\":\"Hi\"}],"
                + "\"stop_reason\":\"end_turn\",\"usage\":{\"input_tokens\":5,\"output_tokens\":1}}"));

        // Anthropic has no logit_bias and no seed: both are dropped, and the attempt says so.
        readAll(fixture.gateway.execute(chat(false, ",\"logit_bias\":{\"50256\":-100},\"seed\":7"), fixture.providers));
        fixture.flush();

        List<Span> attempts = fixture.receiver.childrenOf(fixture.receiver.span("chat gpt-4o"));
        assertEquals(List.of("attempt openai", "attempt deepseek", "attempt claude"),
                attempts.stream().map(Span::getName).toList());
        // DeepSeek's dialect (selected by the provider's name) has no logit_bias either, but keeps the seed.
        assertEquals("logit_bias", attributes(attempts.get(1)).get("llm_failover.translation.dropped_fields"));
        assertNull(attributes(attempts.get(0)).get("llm_failover.translation.dropped_fields"), "the app's own request");
        Map<String, Object> claude = attributes(attempts.get(2));
        assertEquals(true, claude.get("llm_failover.translated"));
        List<String> dropped = List.of(String.valueOf(claude.get("llm_failover.translation.dropped_fields")).split(","));
        assertTrue(dropped.containsAll(List.of("logit_bias", "seed")), dropped::toString);
    }

    @Test
    void aCallersErrorEndsTheSpanAtOnceAndIsNoFailover() throws IOException {
        fixture = new TelemetryFixture();
        fixture.providers.on(OPENAI, status(400, "{\"error\":{\"message\":\"bad\"}}"));

        fixture.gateway.execute(chat(false), fixture.providers);
        fixture.flush();

        Span call = fixture.receiver.span("chat gpt-4o");
        assertEquals("400", attributes(call).get("error.type"));
        assertEquals("caller_error", attributes(call).get("llm_failover.outcome"));
        assertTrue(fixture.receiver.metric("llm_failover.failovers").isEmpty()
                || sum("llm_failover.failovers").isEmpty());
    }

    @Test
    void noApiKeyAndNoPromptTextInAnyExportedByte() throws IOException {
        fixture = new TelemetryFixture();
        fixture.providers.on(OPENAI, status(429, "{}", "retry-after", "1"));
        fixture.providers.on(DEEPSEEK, json(DEEPSEEK_ANSWER));

        readAll(fixture.gateway.execute(chat(false), fixture.providers));
        fixture.flush();

        String exported = new String(fixture.receiver.rawBytes(), StandardCharsets.ISO_8859_1);
        assertTrue(exported.contains("chat gpt-4o"), "the receiver got the spans");
        assertFalse(exported.contains(APP_KEY));
        assertFalse(exported.contains(DEEPSEEK_KEY));
        assertFalse(exported.contains("secret"));
        assertFalse(exported.contains(PROMPT));
        assertFalse(exported.contains("flour, eggs"));
    }

    @Test
    void withContentCaptureOnPromptsAndCompletionsAreRecordedButKeysStillNever() throws IOException {
        fixture = new TelemetryFixture(new OtlpReceiver(),
                Map.of(ExportSettings.CAPTURE_CONTENT_KEY, "true"));
        fixture.providers.on(OPENAI, status(429, "{}", "retry-after", "1"));
        fixture.providers.on(DEEPSEEK, json(DEEPSEEK_ANSWER));

        readAll(fixture.gateway.execute(chat(false), fixture.providers));
        fixture.flush();

        Map<String, Object> call = attributes(fixture.receiver.span("chat gpt-4o"));
        assertTrue(((String) call.get("gen_ai.input.messages")).contains(PROMPT));
        assertTrue(((String) call.get("gen_ai.output.messages")).contains("flour, eggs, milk"));
        String exported = new String(fixture.receiver.rawBytes(), StandardCharsets.ISO_8859_1);
        assertFalse(exported.contains(APP_KEY));
        assertFalse(exported.contains(DEEPSEEK_KEY));
    }

    @Test
    void theAppGetsTheAnswerBytesUnchanged() throws IOException {
        fixture = new TelemetryFixture();
        fixture.providers.on(OPENAI, sse(STREAM));

        LlmResponse answer = fixture.gateway.execute(chat(true), fixture.providers);

        assertEquals(200, answer.status());
        assertArrayEquals(STREAM.getBytes(StandardCharsets.UTF_8), answer.body().readAllBytes());
    }

    @Test
    void anAnswerInMemoryIsTakenInOnePieceAndStillEndsTheCallSpanWithItsUsage() throws IOException {
        fixture = new TelemetryFixture();
        fixture.providers.on(OPENAI, json(ANSWER));

        LlmResponse answer = fixture.gateway.execute(chat(false), fixture.providers);
        InMemoryBody whole = assertInstanceOf(InMemoryBody.class, answer.body(), "watched, and still whole");
        ByteBuffer rest = whole.takeRest();
        answer.close();
        fixture.flush();

        byte[] taken = new byte[rest.remaining()];
        rest.get(taken);
        assertEquals(ANSWER, new String(taken, StandardCharsets.UTF_8));
        assertEquals(-1, answer.body().read(), "nothing left after the rest was taken");
        Map<String, Object> attributes = attributes(fixture.receiver.span("chat gpt-4o"));
        assertEquals(12L, attributes.get("gen_ai.usage.input_tokens"));
        assertEquals(5L, attributes.get("gen_ai.usage.output_tokens"));
        assertFalse(attributes.containsKey("llm_failover.body.closed_early"), "the rest taken is the body read");
    }

    /** OpenAI answering every call with a 503, DeepSeek behind it, and {@code calls} chat calls made. */
    private void callsWhileOpenAiFails(int calls) throws IOException {
        fixture = new TelemetryFixture();
        fixture.providers.on(OPENAI, status(503, "{}"));
        fixture.providers.on(DEEPSEEK, json(DEEPSEEK_ANSWER));
        for (int call = 0; call < calls; call++) {
            readAll(fixture.gateway.execute(chat(false), fixture.providers));
        }
    }

    private static void readAll(LlmResponse response) throws IOException {
        try (response) {
            response.body().readAllBytes();
        }
    }

    private static Span.Event event(Span span, String name) {
        return span.getEventsList().stream().filter(e -> e.getName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no event " + name + " on " + span.getName() + ": "
                        + span.getEventsList().stream().map(Span.Event::getName).toList()));
    }

    private List<HistogramDataPoint> histogram(String name) {
        return metric(name).getHistogram().getDataPointsList();
    }

    private List<NumberDataPoint> sum(String name) {
        return metric(name).getSum().getDataPointsList();
    }

    private List<NumberDataPoint> gauge(String name) {
        return metric(name).getGauge().getDataPointsList();
    }

    private Metric metric(String name) {
        return fixture.receiver.metric(name).orElseThrow(() -> new AssertionError("no metric " + name));
    }

    private Map<String, Double> tokenSums() {
        Map<String, Double> sums = new java.util.HashMap<>();
        histogram("gen_ai.client.token.usage").forEach(point -> sums.put(
                (String) attributes(point.getAttributesList()).get("gen_ai.token.type"), point.getSum()));
        return sums;
    }

    private String traceparentSentTo(int request) {
        return fixture.providers.sent.get(request).headers().first("traceparent").orElseThrow();
    }

    private static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(bytes);
    }
}
