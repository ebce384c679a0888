package io.llmfailover.runtime.resilience.breaker;

import io.llmfailover.runtime.config.BreakerSettings;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Every call may go. Opens on a run of {@code consecutiveFailures} failures, or when the sliding
 * window holds at least {@code minimumCalls} calls of which at least {@code failureRate} failed.
 */
final class ClosedState implements CircuitState {

    /** Ten buckets: a call leaves the window between 90% and 100% of the window after it. */
    private static final int WINDOW_BUCKETS = 10;

    private final CircuitBreaker breaker;
    private final BreakerSettings settings;
    private final SlidingTimeWindow window;
    private final AtomicInteger failuresInARow = new AtomicInteger();
    /** Whether a drilled failure is in the current run of failures. */
    private volatile boolean drillInRun;
    /** When the last drilled failure was counted, while it may still be in the window; NONE before any. */
    private volatile long drilledAtNanos = NONE;
    private static final long NONE = Long.MIN_VALUE;

    ClosedState(CircuitBreaker breaker) {
        this.breaker = breaker;
        this.settings = breaker.settings();
        this.window = new SlidingTimeWindow(settings.window().toNanos(), WINDOW_BUCKETS);
    }

    @Override
    public BreakerState kind() {
        return BreakerState.CLOSED;
    }

    @Override
    public BreakerPermit tryAcquire() {
        return new BreakerPermit(this);
    }

    @Override
    public void onSuccess(BreakerPermit permit) {
        if (failuresInARow.get() != 0) {
            failuresInARow.set(0);
            drillInRun = false;
        }
        if (failureRateReachedAfter(false)) {
            breaker.open(this, drillCounted());
        }
    }

    @Override
    public void onFailure(BreakerPermit permit) {
        if (permit.drilled()) {
            drillInRun = true;
            drilledAtNanos = breaker.clock().nanoTime();
        }
        int inARow = failuresInARow.incrementAndGet();
        boolean runComplete = settings.consecutiveFailures() > 0 && inARow >= settings.consecutiveFailures();
        if (failureRateReachedAfter(true) || runComplete) {
            breaker.open(this, drillCounted());
        }
    }

    /** Whether a drilled failure counts in this opening: in the run, or still in the window. */
    private boolean drillCounted() {
        long drilledAt = drilledAtNanos;
        return drillInRun || drilledAt != NONE && breaker.clock().nanoTime() - drilledAt < settings.window().toNanos();
    }

    @Override
    public void onIgnored(BreakerPermit permit) {}

    @Override
    public long nanosUntilPermitted() {
        return 0;
    }

    private boolean failureRateReachedAfter(boolean failed) {
        long now = breaker.clock().nanoTime();
        window.record(now, failed);
        return window.failureRateReached(now, settings.minimumCalls(), settings.failureRate());
    }
}
