package io.llmfailover.runtime.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.llmfailover.runtime.breaker.BreakerListener;
import io.llmfailover.runtime.throttle.ThrottleListener;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class DeferredTelemetryTest {

    private final AtomicInteger starts = new AtomicInteger();
    private final RecordingTelemetry started = new RecordingTelemetry();
    private final DeferredTelemetry deferred = new DeferredTelemetry(() -> {
        starts.incrementAndGet();
        return started;
    }, RecordingTelemetry::new);

    @Test
    void nothingStartsUntilAskedAndAnAppThatExitsFirstWaitsForNothing() {
        deferred.shutdown();

        assertEquals(0, starts.get());
        assertEquals(0, started.shutdowns.get());
    }

    @Test
    void theFirstCallStartsItAndWaitsUntilItIsReady() {
        CallScope scope = deferred.observer().callStarted(null, null);

        assertSame(RecordingTelemetry.SCOPE, scope);
        assertEquals(1, starts.get());
    }

    @Test
    void startingInTheBackgroundTwiceStartsOnce() {
        deferred.startInBackground();
        deferred.startInBackground();
        deferred.flush(); // waits for the start

        assertEquals(1, starts.get());
        assertEquals(1, started.flushes.get());
    }

    @Test
    void aStarterThatFailsLeavesTheFallback() {
        RecordingTelemetry fallback = new RecordingTelemetry();
        DeferredTelemetry broken = new DeferredTelemetry(() -> {
            throw new LinkageError("no OpenTelemetry today");
        }, () -> fallback);

        broken.flush();

        assertEquals(1, fallback.flushes.get());
    }

    /** M9 (issue #10): a start that threw twice (starter and fallback) left every governed call waiting forever. */
    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // it hung for good
    void M9_aStartWhoseFallbackFailsTooLeavesNoOpTelemetryForGoodAndNeverRetries() {
        AtomicInteger attempts = new AtomicInteger();
        DeferredTelemetry broken = new DeferredTelemetry(() -> {
            attempts.incrementAndGet();
            throw new LinkageError("no OpenTelemetry today");
        }, () -> {
            throw new IllegalStateException("no logging either");
        });

        assertSame(CallScope.NOOP, broken.observer().callStarted(null, null));
        assertSame(CallScope.NOOP, broken.observer().callStarted(null, null));
        broken.flush();

        assertEquals(1, attempts.get());
    }

    /** M9: a start that hangs holds the first call up for the bounded wait only, then calls go unrecorded. */
    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // it hung for good
    void M9_aStartThatHangsDelaysCallsOnlyForTheBoundedWait() {
        CountDownLatch hang = new CountDownLatch(1);
        DeferredTelemetry hanging = new DeferredTelemetry(() -> {
            awaitQuietly(hang);
            return started;
        }, RecordingTelemetry::new, Duration.ZERO);
        try {
            assertSame(CallScope.NOOP, hanging.observer().callStarted(null, null));
            assertSame(CallScope.NOOP, hanging.observer().callStarted(null, null));
            hanging.breakerListener().onTransition(null, null, null);
            hanging.shutdown(); // not started: nothing to wait for

            assertEquals(0, started.shutdowns.get());
        } finally {
            hang.countDown();
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A telemetry that counts what it is asked. */
    private static final class RecordingTelemetry implements Telemetry {
        static final CallScope SCOPE = CallScope.NOOP;
        final AtomicInteger flushes = new AtomicInteger();
        final AtomicInteger shutdowns = new AtomicInteger();

        @Override
        public CallObserver observer() {
            return (call, route) -> SCOPE;
        }

        @Override
        public BreakerListener breakerListener() {
            return (breaker, from, to) -> { };
        }

        @Override
        public ThrottleListener throttleListener() {
            return new ThrottleListener() { };
        }

        @Override
        public void flush() {
            flushes.incrementAndGet();
        }

        @Override
        public void shutdown() {
            shutdowns.incrementAndGet();
        }
    }
}
