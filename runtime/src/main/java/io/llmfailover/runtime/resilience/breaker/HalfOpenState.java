package io.llmfailover.runtime.resilience.breaker;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Lets at most {@code halfOpenProbes} calls go at once. Any probe failure reopens the breaker;
 * {@code halfOpenProbes} probe successes close it with fresh metrics.
 *
 * <p>Each probe holds a slot until it reports, or until it expires {@code openDuration} (at least a
 * second) after it was let through: a probe whose outcome is lost (a bug, a thread killed) must not
 * keep the breaker half-open for good (compare Resilience4j's {@code
 * maxWaitDurationInHalfOpenState}). A probe that reports after it expired still counts, but frees
 * only its own slot, never one that another probe has taken since.
 */
final class HalfOpenState implements CircuitState {

    private static final long FREE = Long.MIN_VALUE;
    private static final long MIN_PROBE_LIFETIME_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final CircuitBreaker breaker;
    private final int probes;
    private final long probeLifetimeNanos;
    /** Per slot: FREE, or the clock time at which its probe is presumed lost. */
    private final AtomicLongArray probeDeadlines;
    private final AtomicInteger successes = new AtomicInteger();

    HalfOpenState(CircuitBreaker breaker) {
        this.breaker = breaker;
        this.probes = breaker.settings().halfOpenProbes();
        this.probeLifetimeNanos = Math.max(MIN_PROBE_LIFETIME_NANOS, breaker.settings().openDuration().toNanos());
        this.probeDeadlines = new AtomicLongArray(probes);
        for (int slot = 0; slot < probes; slot++) {
            probeDeadlines.set(slot, FREE);
        }
    }

    @Override
    public BreakerState kind() {
        return BreakerState.HALF_OPEN;
    }

    @Override
    public BreakerPermit tryAcquire() {
        long now = breaker.clock().nanoTime();
        long deadline = now + probeLifetimeNanos == FREE ? FREE + 1 : now + probeLifetimeNanos;
        for (int slot = 0; slot < probes; slot++) {
            long held;
            while (isAvailable(held = probeDeadlines.get(slot), now)) {
                if (probeDeadlines.compareAndSet(slot, held, deadline)) {
                    if (!breaker.probeGate().mayProbe(breaker)) {
                        probeDeadlines.compareAndSet(slot, deadline, FREE);
                        return null;
                    }
                    return new BreakerPermit(this, slot, deadline);
                }
            }
        }
        return null;
    }

    @Override
    public void onSuccess(BreakerPermit permit) {
        releaseProbe(permit);
        if (successes.incrementAndGet() >= probes) {
            breaker.close(this);
        }
    }

    @Override
    public void onFailure(BreakerPermit permit) {
        releaseProbe(permit);
        breaker.open(this, permit.drilled());
    }

    @Override
    public void onIgnored(BreakerPermit permit) {
        releaseProbe(permit);
    }

    @Override
    public long nanosUntilPermitted() {
        return 0;
    }

    private static boolean isAvailable(long deadline, long now) {
        return deadline == FREE || deadline - now <= 0;
    }

    /** Frees the permit's slot only if it still holds it: an expired probe's slot may have a new probe. */
    private void releaseProbe(BreakerPermit permit) {
        if (permit.probeSlot() >= 0) {
            probeDeadlines.compareAndSet(permit.probeSlot(), permit.probeDeadline(), FREE);
        }
    }
}
