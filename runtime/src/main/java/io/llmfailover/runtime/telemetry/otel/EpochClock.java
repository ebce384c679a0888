package io.llmfailover.runtime.telemetry.otel;

import io.llmfailover.runtime.time.Clock;

/**
 * Turns the monotonic times a call noted into the epoch times a span carries, from one anchor read
 * once: so a span's duration is exactly what the call measured, whatever the wall clock did.
 */
final class EpochClock {

    private final long anchorEpochNanos;
    private final long anchorNanoTime;

    EpochClock(Clock clock) {
        this.anchorNanoTime = clock.nanoTime();
        this.anchorEpochNanos = SdkClock.of(clock).now();
    }

    long of(long nanoTime) {
        return anchorEpochNanos + (nanoTime - anchorNanoTime);
    }
}
