package io.llmfailover.runtime.breaker;

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
        }
        if (failureRateReachedAfter(false)) {
            breaker.open(this);
        }
    }

    @Override
    public void onFailure(BreakerPermit permit) {
        int inARow = failuresInARow.incrementAndGet();
        boolean runComplete = settings.consecutiveFailures() > 0 && inARow >= settings.consecutiveFailures();
        if (failureRateReachedAfter(true) || runComplete) {
            breaker.open(this);
        }
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
