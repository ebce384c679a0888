package io.llmfailover.runtime.testing;

import io.llmfailover.runtime.time.Clock;
import java.time.Duration;

/** Another clock's monotonic time, and its wall clock off by {@code skew}: libfaketime's skew, in one JVM. */
public record SkewedClock(Clock base, Duration skew) implements Clock {

    @Override
    public long nanoTime() {
        return base.nanoTime();
    }

    @Override
    public long currentTimeMillis() {
        return base.currentTimeMillis() + skew.toMillis();
    }
}
