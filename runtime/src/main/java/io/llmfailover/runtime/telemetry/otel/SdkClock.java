package io.llmfailover.runtime.telemetry.otel;

import io.llmfailover.runtime.time.Clock;

/** The runtime's clock as the OpenTelemetry SDK's, so span times follow a test's virtual clock. */
final class SdkClock implements io.opentelemetry.sdk.common.Clock {

    private final Clock clock;

    private SdkClock(Clock clock) {
        this.clock = clock;
    }

    /** The SDK's own, more precise clock for the system clock; an adapter for any other. */
    static io.opentelemetry.sdk.common.Clock of(Clock clock) {
        return clock == Clock.SYSTEM ? io.opentelemetry.sdk.common.Clock.getDefault() : new SdkClock(clock);
    }

    @Override
    public long now() {
        return clock.currentTimeMillis() * 1_000_000L + Math.floorMod(clock.nanoTime(), 1_000_000L);
    }

    @Override
    public long nanoTime() {
        return clock.nanoTime();
    }
}
