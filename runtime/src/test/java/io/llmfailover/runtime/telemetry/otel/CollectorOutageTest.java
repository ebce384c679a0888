package io.llmfailover.runtime.telemetry.otel;

import static io.llmfailover.runtime.telemetry.otel.OtlpReceiver.attributes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.call.RecognizedCall;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.outcome.AttemptOutcome;
import io.llmfailover.runtime.protocol.Operation;
import io.llmfailover.runtime.protocol.translate.TargetRequest;
import io.llmfailover.runtime.resilience.breaker.BreakerState;
import io.llmfailover.runtime.telemetry.AttemptScope;
import io.llmfailover.runtime.telemetry.CallObserver;
import io.llmfailover.runtime.telemetry.CallScope;
import io.llmfailover.runtime.time.Clock;
import io.opentelemetry.proto.metrics.v1.NumberDataPoint;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A collector that is down or slow never reaches the calls: spans queue in a bounded buffer, the
 * overflow is dropped and counted, and the observer's own cost per call is measured (printed, not
 * asserted: this machine's speed is not the specification).
 */
class CollectorOutageTest {

    private static final int WARM_UP = 5_000;
    private static final int CALLS = 5_000;
    private static final byte[] ANSWER = ("{\"model\":\"gpt-4o\",\"choices\":[{\"finish_reason\":\"stop\"}],"
            + "\"usage\":{\"prompt_tokens\":10,\"completion_tokens\":20}}").getBytes(StandardCharsets.UTF_8);

    @Test
    void aCollectorThatIsDownCostsTheCallsNothingButTheObserversOwnWork() throws IOException {
        Map<String, String> otel = Map.of("otel.exporter.otlp.timeout", "500", "otel.bsp.schedule.delay", "50");
        Telemetry telemetry = OtelTelemetry.start(TelemetryFixture.settings("http://127.0.0.1:" + closedPort(), otel),
                Clock.SYSTEM);

        runCalls(telemetry.observer(), WARM_UP);
        double perCall = runCalls(telemetry.observer(), CALLS);
        runCalls(CallObserver.NOOP, WARM_UP);
        double baseline = runCalls(CallObserver.NOOP, CALLS);
        telemetry.flush();
        telemetry.shutdown();

        System.out.printf("telemetry per-call cost with the collector down: %.1f us (no-op observer: %.1f us)%n",
                perCall / 1000, baseline / 1000);
        assertTrue(perCall > 0);
    }

    @Test
    void aSlowCollectorFillsTheBoundedQueueAndTheOverflowIsDroppedAndCounted() throws IOException {
        try (OtlpReceiver slow = new OtlpReceiver(Duration.ofMillis(200))) {
            Map<String, String> otel = new HashMap<>();
            otel.put("otel.bsp.max.queue.size", "64");
            otel.put("otel.bsp.max.export.batch.size", "16");
            otel.put("otel.bsp.schedule.delay", "10");
            Telemetry telemetry = OtelTelemetry.start(TelemetryFixture.settings(slow.endpoint(), otel), Clock.SYSTEM);

            runCalls(telemetry.observer(), WARM_UP);
            double perCall = runCalls(telemetry.observer(), CALLS);
            telemetry.flush();
            telemetry.flush();
            System.out.printf("telemetry per-call cost with a slow collector: %.1f us%n", perCall / 1000);

            // One span per call (one attempt each): dropped before it was written, or after.
            long dropped = droppedCalls(slow) + processed(slow, "queue_full");
            long exported = slow.spans().size();
            telemetry.shutdown();
            assertTrue(dropped > 0, "a full queue drops spans instead of growing or blocking");
            assertEquals((long) WARM_UP + CALLS, dropped + exported, "every span was either exported or counted as dropped");
            assertTrue(slow.traceRequests() <= (long) (WARM_UP + CALLS) / 16 + 4, "export went in batches");
        }
    }

    /** Runs full calls (one attempt, one answer read to its end); returns the mean nanos per call. */
    static double runCalls(CallObserver observer, int calls) throws IOException {
        TargetRequest target = new TargetRequest(Operation.CHAT_COMPLETIONS, "gpt-4o", false, "/chat/completions",
                new byte[0], HttpHeaders.EMPTY);
        HttpHeaders json = HttpHeaders.builder().add("content-type", "application/json").build();
        long start = System.nanoTime();
        RecognizedCall governed = GenAiObserverTest.streamingChat();
        for (int i = 0; i < calls; i++) {
            CallScope call = observer.callStarted(governed, GenAiObserverTest.route());
            AttemptScope attempt = call.attemptStarted(1, GenAiObserverTest.OPENAI, target, false, "app",
                    BreakerState.CLOSED);
            attempt.traceHeaders(governed.request());
            attempt.ended(200, AttemptOutcome.SUCCESS, false, null);
            LlmResponse answer = call.answered(new io.llmfailover.runtime.contract.BufferedResponse(200, json, ANSWER),
                    GenAiObserverTest.OPENAI);
            try (answer) {
                assertArrayEquals(ANSWER, answer.body().readAllBytes());
            }
        }
        return (System.nanoTime() - start) / (double) calls;
    }

    private static long droppedCalls(OtlpReceiver receiver) {
        return receiver.metric("llm_failover.telemetry.dropped_calls").map(metric -> metric.getSum().getDataPointsList()
                        .stream().mapToLong(NumberDataPoint::getAsInt).max().orElse(0))
                .orElse(0L);
    }

    private static long processed(OtlpReceiver receiver, String errorType) {
        return receiver.metric("otel.sdk.processor.span.processed").map(metric -> metric.getSum().getDataPointsList()
                        .stream()
                        .filter(point -> errorType.equals(attributes(point.getAttributesList()).get("error.type")))
                        .mapToLong(NumberDataPoint::getAsInt)
                        .sum())
                .orElse(0L);
    }

    static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
