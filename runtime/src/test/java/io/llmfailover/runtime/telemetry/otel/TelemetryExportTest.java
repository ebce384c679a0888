package io.llmfailover.runtime.telemetry.otel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.call.RecognizedCall;
import io.llmfailover.runtime.contract.BufferedResponse;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.outcome.AttemptOutcome;
import io.llmfailover.runtime.protocol.Operation;
import io.llmfailover.runtime.protocol.translate.TargetRequest;
import io.llmfailover.runtime.resilience.breaker.BreakerState;
import io.llmfailover.runtime.telemetry.AttemptScope;
import io.llmfailover.runtime.telemetry.CallScope;
import io.llmfailover.runtime.time.ManualClock;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Calls hand themselves to the telemetry thread: none waits for the SDK, none is lost while it starts. */
class TelemetryExportTest {

    private static final byte[] ANSWER = "{\"id\":\"c-1\",\"model\":\"gpt-4o\",\"usage\":{\"prompt_tokens\":3,\"completion_tokens\":1}}"
            .getBytes(StandardCharsets.UTF_8);
    private static final HttpHeaders JSON = HttpHeaders.builder().add("content-type", "application/json").build();

    private final ManualClock clock = new ManualClock();

    @Test
    void callsEndBeforeTheSdkHasStartedAndTheirSpansAreExportedOnceItHas() throws Exception {
        try (OtlpReceiver receiver = new OtlpReceiver()) {
            CountDownLatch sdkMayStart = new CountDownLatch(1);
            TelemetryExport export = exportStartingWhen(sdkMayStart, receiver, 64);
            GenAiObserver observer = observerOf(export);

            for (int i = 0; i < 3; i++) {
                runCall(observer);
            }

            assertEquals(1, sdkMayStart.getCount(), "the calls ended while the SDK was still starting");
            sdkMayStart.countDown();
            assertTrue(export.flush(10_000));
            assertEquals(3, receiver.spans().size());
            assertEquals(0, export.droppedCalls());
            assertTrue(export.stop(10_000));
        }
    }

    @Test
    void aFullQueueDropsTheCallsThatDoNotFitAndCountsThem() throws Exception {
        try (OtlpReceiver receiver = new OtlpReceiver()) {
            CountDownLatch sdkMayStart = new CountDownLatch(1);
            TelemetryExport export = exportStartingWhen(sdkMayStart, receiver, 4);
            GenAiObserver observer = observerOf(export);

            for (int i = 0; i < 10; i++) {
                runCall(observer);
            }
            sdkMayStart.countDown();
            assertTrue(export.flush(10_000));

            assertEquals(4, receiver.spans().size());
            assertEquals(6, export.droppedCalls());
            assertTrue(export.stop(10_000));
        }
    }

    @Test
    void callsTakenInBatchesGiveTheirPlacesInTheQueueBackEveryOne() throws Exception {
        try (OtlpReceiver receiver = new OtlpReceiver()) {
            CountDownLatch sdkMayStart = new CountDownLatch(1);
            int capacity = 3 * TelemetryExport.DRAIN_BATCH;
            TelemetryExport export = exportStartingWhen(sdkMayStart, receiver, capacity);
            GenAiObserver observer = observerOf(export);

            for (int i = 0; i < capacity; i++) {
                runCall(observer);
            }
            sdkMayStart.countDown();
            assertTrue(export.flush(10_000));
            for (int i = 0; i < capacity; i++) {
                runCall(observer);
            }
            assertTrue(export.flush(10_000));

            assertEquals(2 * capacity, receiver.spans().size());
            assertEquals(0, export.droppedCalls(), "a full queue written out in batches is empty again");
            assertTrue(export.stop(10_000));
        }
    }

    /** An export whose SDK starts only once {@code sdkMayStart} is open, exporting to {@code receiver}. */
    private TelemetryExport exportStartingWhen(CountDownLatch sdkMayStart, OtlpReceiver receiver, int capacity) {
        ExportSettings settings = TelemetryFixture.settings(receiver.endpoint(), Map.of());
        return new TelemetryExport(self -> {
            awaitQuietly(sdkMayStart);
            return TelemetryWriter.start(settings, clock, List.of(), null, new ResilienceGauges(), self::droppedCalls);
        }, capacity);
    }

    private GenAiObserver observerOf(TelemetryExport export) {
        return new GenAiObserver(export, clock, false, AppTraceContext.shared());
    }

    private static void runCall(GenAiObserver observer) throws IOException {
        RecognizedCall governed = GenAiObserverTest.streamingChat();
        CallScope call = observer.callStarted(governed, GenAiObserverTest.route());
        AttemptScope attempt = call.attemptStarted(1, GenAiObserverTest.OPENAI,
                new TargetRequest(Operation.CHAT_COMPLETIONS, "gpt-4o", false, "/chat/completions", new byte[0],
                        HttpHeaders.EMPTY), false, "app", BreakerState.CLOSED);
        attempt.ended(200, AttemptOutcome.SUCCESS, false, null);
        try (LlmResponse answer = call.answered(new BufferedResponse(200, JSON, ANSWER), GenAiObserverTest.OPENAI)) {
            assertArrayEquals(ANSWER, answer.body().readAllBytes());
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
