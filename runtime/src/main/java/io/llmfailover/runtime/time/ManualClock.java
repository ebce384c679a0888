package io.llmfailover.runtime.time;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;

/** A clock that moves only when told to: the virtual clock of every timing test. */
public final class ManualClock implements Clock {

    private final AtomicLong nanos = new AtomicLong();
    private final long epochMillisAtZero;

    public ManualClock() {
        this(Instant.parse("2026-01-01T00:00:00Z"));
    }

    public ManualClock(Instant start) {
        this.epochMillisAtZero = start.toEpochMilli();
    }

    public void advance(Duration duration) {
        nanos.addAndGet(duration.toNanos());
    }

    @Override
    public long nanoTime() {
        return nanos.get();
    }

    @Override
    public long currentTimeMillis() {
        return epochMillisAtZero + nanos.get() / 1_000_000;
    }
}
