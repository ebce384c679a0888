package io.llmfailover.runtime.telemetry.otel;

import static io.llmfailover.runtime.telemetry.otel.OtlpReceiver.attributes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.call.RecognizedCall;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.outcome.AttemptOutcome;
import io.llmfailover.runtime.protocol.Operation;
import io.llmfailover.runtime.protocol.translate.SourceRequest;
import io.llmfailover.runtime.protocol.translate.TargetRequest;
import io.llmfailover.runtime.provider.Protocol;
import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.resilience.breaker.BreakerState;
import io.llmfailover.runtime.route.ChainStep;
import io.llmfailover.runtime.route.Route;
import io.llmfailover.runtime.telemetry.AttemptScope;
import io.llmfailover.runtime.telemetry.CallObserver;
import io.llmfailover.runtime.telemetry.CallScope;
import io.llmfailover.runtime.testing.ScriptedTransport;
import io.llmfailover.runtime.time.ManualClock;
import io.opentelemetry.proto.trace.v1.Span;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The observer driven directly, as the gateway drives it: for what the gateway cannot do yet. */
class GenAiObserverTest {

    static final Provider OPENAI = new Provider("openai", URI.create("https://api.openai.com/v1"), Protocol.OPENAI,
            List.of(), Map.of());
    static final Provider CLAUDE = new Provider("claude", URI.create("https://api.anthropic.com/v1"),
            Protocol.ANTHROPIC, List.of("sk-ant-secret"), Map.of("*", "claude-sonnet-4-5"));
    static final String OPENAI_STREAM = """
            data: {"id":"msg_1","model":"claude-sonnet-4-5","choices":[{"delta":{"content":"hi"},"finish_reason":null}]}

            data: {"id":"msg_1","model":"claude-sonnet-4-5","choices":[{"delta":{},"finish_reason":"stop"}],"usage":{"prompt_tokens":30,"completion_tokens":3}}

            data: [DONE]

            """;

    private final ManualClock clock = new ManualClock();
    private OtlpReceiver receiver;
    private Telemetry telemetry;

    @AfterEach
    void stop() {
        telemetry.shutdown();
        receiver.close();
    }

    @Test
    void aCrossProtocolAttemptIsMarkedTranslatedAndTheTranslatedStreamStillYieldsUsage() throws IOException {
        CallObserver observer = start();

        CallScope call = observer.callStarted(streamingChat(), route());
        AttemptScope first = call.attemptStarted(1, OPENAI, target(Operation.CHAT_COMPLETIONS, "gpt-4o"), false, "app",
                BreakerState.CLOSED);
        first.ended(529, AttemptOutcome.OVERLOADED, true, null);
        AttemptScope second = call.attemptStarted(2, CLAUDE, target(Operation.MESSAGES, "claude-sonnet-4-5"), true,
                "key#0", BreakerState.CLOSED);
        second.translationDropped(List.of("logit_bias", "seed"));
        second.ended(200, AttemptOutcome.SUCCESS, false, null);
        LlmResponse answer = call.answered(ScriptedTransport.response(200, OPENAI_STREAM, "content-type",
                "text/event-stream"), CLAUDE);
        try (answer) {
            answer.body().readAllBytes();
        }
        telemetry.flush();

        Span callSpan = receiver.span("chat gpt-4o");
        Map<String, Object> callAttributes = attributes(callSpan);
        assertEquals("anthropic", callAttributes.get("gen_ai.provider.name"));
        assertEquals("openai", callAttributes.get("llm_failover.addressed_provider"));
        assertEquals("api.anthropic.com", callAttributes.get("server.address"));
        assertEquals(443L, callAttributes.get("server.port"));
        assertEquals(30L, callAttributes.get("gen_ai.usage.input_tokens"));
        assertEquals(3L, callAttributes.get("gen_ai.usage.output_tokens"));
        Map<String, Object> translated = attributes(receiver.span("attempt claude"));
        assertEquals(true, translated.get("llm_failover.translated"));
        assertEquals("anthropic", translated.get("llm_failover.protocol"));
        assertEquals("anthropic", translated.get("gen_ai.provider.name"));
        assertEquals("claude-sonnet-4-5", translated.get("gen_ai.request.model"));
        assertEquals("logit_bias,seed", translated.get("llm_failover.translation.dropped_fields"));
        assertEquals(callSpan.getSpanId(), receiver.span("attempt claude").getParentSpanId());
        Map<String, Object> overloaded = attributes(receiver.span("attempt openai"));
        assertEquals("529", overloaded.get("llm_failover.failover.reason"));
        assertEquals("overloaded", overloaded.get("llm_failover.outcome"));
    }

    @Test
    void anAttemptWithNoResponseHeadNamesTheTokenAsItsFailoverReason() throws IOException {
        CallObserver observer = start();

        CallScope call = observer.callStarted(streamingChat(), route());
        call.attemptStarted(1, OPENAI, target(Operation.CHAT_COMPLETIONS, "gpt-4o"), false, "app", BreakerState.CLOSED)
                .ended(0, AttemptOutcome.TIMEOUT, true, new java.net.SocketTimeoutException("first byte"));
        call.failed(new java.net.ConnectException("Connection refused"));
        telemetry.flush();

        Map<String, Object> attempt = attributes(receiver.span("attempt openai"));
        assertEquals("timeout", attempt.get("llm_failover.failover.reason"));
        assertEquals("java.net.SocketTimeoutException", attempt.get("error.type"));
        assertEquals("java.net.ConnectException", attributes(receiver.span("chat gpt-4o")).get("error.type"));
    }

    @Test
    void aTraceparentTheAppsOwnInstrumentationAddedIsKept() throws IOException {
        CallObserver observer = start();
        RecognizedCall call = streamingChat();
        String appTraceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
        io.llmfailover.runtime.contract.LlmRequest instrumented = call.request().withHeaders(
                call.request().headers().with("traceparent", appTraceparent));

        AttemptScope attempt = observer.callStarted(call, route())
                .attemptStarted(1, OPENAI, target(Operation.CHAT_COMPLETIONS, "gpt-4o"), false, "app",
                        BreakerState.CLOSED);

        assertTrue(attempt.traceHeaders(instrumented).isEmpty());
        assertTrue(attempt.traceHeaders(call.request()).contains("traceparent"));
    }

    @Test
    void aQueueWaitIsOnTheCallSpanAndAHedgeThatWonAndTheAttemptThatLostOnTheirs() throws IOException {
        CallObserver observer = start();

        CallScope call = observer.callStarted(streamingChat(), route());
        call.queued(java.time.Duration.ofMillis(1250).toNanos());
        AttemptScope first = call.attemptStarted(1, OPENAI, target(Operation.CHAT_COMPLETIONS, "gpt-4o"), false, "app",
                BreakerState.CLOSED);
        AttemptScope hedge = call.attemptStarted(2, CLAUDE, target(Operation.MESSAGES, "claude-sonnet-4-5"), true, "key#0",
                BreakerState.CLOSED);
        hedge.hedged();
        hedge.ended(200, AttemptOutcome.SUCCESS, false, null);
        first.ended(0, AttemptOutcome.HEDGE_LOST, false, null);
        call.answered(ScriptedTransport.response(200, OPENAI_STREAM, "content-type", "text/event-stream"), CLAUDE).close();
        telemetry.flush();

        assertEquals(1250L, attributes(receiver.span("chat gpt-4o")).get("llm_failover.queue.wait_ms"));
        assertEquals(true, attributes(receiver.span("attempt claude")).get("llm_failover.hedged"));
        Span lost = receiver.span("attempt openai");
        assertEquals("hedge_lost", attributes(lost).get("llm_failover.outcome"));
        assertEquals(io.opentelemetry.proto.trace.v1.Status.StatusCode.STATUS_CODE_UNSET, lost.getStatus().getCode(),
                "losing a race is no error");
    }

    @Test
    void theFailoverCounterNamesADrillAndASpentQuotaAsSuch() throws IOException {
        CallObserver observer = start();

        failingOverOnce(observer, AttemptOutcome.QUOTA_EXHAUSTED, null);
        failingOverOnce(observer, AttemptOutcome.RATE_LIMITED, "429");
        failingOverOnce(observer, AttemptOutcome.RATE_LIMITED, null);
        telemetry.flush();

        Map<String, Long> byReason = new java.util.TreeMap<>();
        for (io.opentelemetry.proto.metrics.v1.NumberDataPoint point
                : receiver.metric("llm_failover.failovers").orElseThrow().getSum().getDataPointsList()) {
            byReason.put(String.valueOf(attributes(point.getAttributesList()).get("llm_failover.failover.reason")),
                    point.getAsInt());
        }
        assertEquals(Map.of("429", 1L, "drill", 1L, "quota", 1L), byReason);
        assertEquals("429", attributes(receiver.spans().stream()
                .filter(span -> span.getName().equals("attempt openai")).findFirst().orElseThrow())
                .get("llm_failover.failover.reason"), "a span keeps the status");
    }

    /** A call whose first attempt answers 429 with {@code outcome} ({@code drill}ed, if not null) and whose second succeeds. */
    private static void failingOverOnce(CallObserver observer, AttemptOutcome outcome, String drill) {
        CallScope call = observer.callStarted(streamingChat(), route());
        AttemptScope first = call.attemptStarted(1, OPENAI, target(Operation.CHAT_COMPLETIONS, "gpt-4o"), false, "app",
                BreakerState.CLOSED);
        if (drill != null) {
            first.drilled(drill);
        }
        first.ended(429, outcome, true, null);
        call.attemptStarted(2, CLAUDE, target(Operation.MESSAGES, "claude-sonnet-4-5"), true, "key#0", BreakerState.CLOSED)
                .ended(200, AttemptOutcome.SUCCESS, false, null);
        call.answered(ScriptedTransport.response(200, OPENAI_STREAM, "content-type", "text/event-stream"), CLAUDE).close();
    }

    @Test
    void aDrilledAttemptIsMarkedOnItsSpanAndOnTheCallSpanWhenItWasTheOnlyOne() throws IOException {
        CallObserver observer = start();

        CallScope failedOver = observer.callStarted(streamingChat(), route());
        AttemptScope drilled = failedOver.attemptStarted(1, OPENAI, target(Operation.CHAT_COMPLETIONS, "gpt-4o"), false, "app",
                BreakerState.CLOSED);
        drilled.drilled("429");
        drilled.ended(429, AttemptOutcome.RATE_LIMITED, true, null);
        failedOver.attemptStarted(2, CLAUDE, target(Operation.MESSAGES, "claude-sonnet-4-5"), true, "key#0",
                BreakerState.CLOSED)
                .ended(200, AttemptOutcome.SUCCESS, false, null);
        failedOver.answered(ScriptedTransport.response(200, OPENAI_STREAM, "content-type", "text/event-stream"), CLAUDE)
                .close();
        CallScope slowed = observer.callStarted(streamingChat(), route());
        AttemptScope late = slowed.attemptStarted(1, OPENAI, target(Operation.CHAT_COMPLETIONS, "gpt-4o"), false, "app",
                BreakerState.CLOSED);
        late.drilled("latency=2s");
        late.ended(200, AttemptOutcome.SUCCESS, false, null);
        slowed.answered(ScriptedTransport.response(200, OPENAI_STREAM, "content-type", "text/event-stream"), OPENAI).close();
        telemetry.flush();

        assertEquals("429", attributes(receiver.span("attempt openai")).get("llm_failover.drill"));
        assertEquals(null, attributes(receiver.span("attempt claude")).get("llm_failover.drill"));
        assertEquals("latency=2s", receiver.spans().stream()
                .map(span -> attributes(span).get("llm_failover.drill"))
                .filter(java.util.Objects::nonNull)
                .filter(value -> !value.equals("429"))
                .findFirst().orElse(null), "the only attempt's drill is on its call's span");
    }

    @Test
    void anAnswerClosedUnreadEndsTheCallSpan() throws IOException {
        CallObserver observer = start();

        CallScope call = observer.callStarted(streamingChat(), route());
        call.answered(ScriptedTransport.response(200, OPENAI_STREAM, "content-type", "text/event-stream"), OPENAI)
                .close();
        telemetry.flush();

        assertEquals(true, attributes(receiver.span("chat gpt-4o")).get("llm_failover.body.closed_early"));
    }

    @Test
    void anErrorAnswerIsHandedOnAsItIs() throws IOException {
        CallObserver observer = start();
        LlmResponse error = ScriptedTransport.response(429, "{}", "retry-after", "3");

        LlmResponse handedOn = observer.callStarted(streamingChat(), route()).answered(error, null);
        telemetry.flush();

        assertSame(error, handedOn);
        assertEquals("429", attributes(receiver.span("chat gpt-4o")).get("error.type"));
    }

    @Test
    void withExportTurnedOffTheObserverDoesNothingAndCostsNothing() throws IOException {
        receiver = new OtlpReceiver();
        telemetry = OtelTelemetry.start(TelemetryFixture.settings(receiver.endpoint(),
                Map.of("otel.traces.exporter", "none", "otel.metrics.exporter", "none")), clock);

        assertSame(CallScope.NOOP, telemetry.observer().callStarted(streamingChat(), route()));
    }

    private CallObserver start() throws IOException {
        receiver = new OtlpReceiver();
        telemetry = OtelTelemetry.start(TelemetryFixture.settings(receiver.endpoint(), Map.of()), clock);
        return telemetry.observer();
    }

    static RecognizedCall streamingChat() {
        byte[] body = "{\"model\":\"gpt-4o\",\"stream\":true,\"messages\":[]}".getBytes(StandardCharsets.UTF_8);
        return new RecognizedCall(new io.llmfailover.runtime.contract.LlmRequest("POST",
                URI.create("https://api.openai.com/v1/chat/completions"), HttpHeaders.EMPTY, body), OPENAI,
                new SourceRequest(Operation.CHAT_COMPLETIONS, "gpt-4o", true, null, body));
    }

    static Route route() {
        return new Route("chat", "openai", null, List.of(new ChainStep(OPENAI, null), new ChainStep(CLAUDE, null)));
    }

    private static TargetRequest target(Operation operation, String model) {
        return new TargetRequest(operation, model, true, "/x", new byte[0], HttpHeaders.EMPTY);
    }

}
