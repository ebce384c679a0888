package io.llmfailover.runtime.breaker;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Lets at most {@code halfOpenProbes} calls go at once. Any probe failure reopens the breaker;
 * {@code halfOpenProbes} probe successes close it with fresh metrics.
 */
final class HalfOpenState implements CircuitState {

    private final CircuitBreaker breaker;
    private final int probes;
    private final AtomicInteger probesInFlight = new AtomicInteger();
    private final AtomicInteger successes = new AtomicInteger();

    HalfOpenState(CircuitBreaker breaker) {
        this.breaker = breaker;
        this.probes = breaker.settings().halfOpenProbes();
    }

    @Override
    public BreakerState kind() {
        return BreakerState.HALF_OPEN;
    }

    @Override
    public boolean tryAcquirePermission() {
        while (true) {
            int inFlight = probesInFlight.get();
            if (inFlight >= probes) {
                return false;
            }
            if (probesInFlight.compareAndSet(inFlight, inFlight + 1)) {
                return true;
            }
        }
    }

    @Override
    public void onSuccess() {
        releaseProbe();
        if (successes.incrementAndGet() >= probes) {
            breaker.close(this);
        }
    }

    @Override
    public void onFailure() {
        releaseProbe();
        breaker.open(this);
    }

    @Override
    public void onIgnored() {
        releaseProbe();
    }

    @Override
    public long nanosUntilPermitted() {
        return 0;
    }

    /**
     * Never below zero: an outcome of a call let through before this state began releases
     * nothing, so it cannot widen the probe limit.
     */
    private void releaseProbe() {
        probesInFlight.getAndUpdate(inFlight -> inFlight > 0 ? inFlight - 1 : 0);
    }
}
