package io.llmfailover.runtime.resilience.breaker;

import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

/**
 * One call's permission to go through a {@link CircuitBreaker}, a lease in the manner of
 * concurrency-limits' {@code Limiter.Listener}: report exactly one of {@link #onSuccess()}, {@link
 * #onFailure()} or {@link #onIgnored()}, typically {@code onIgnored()} in a {@code finally} after
 * the real outcome. Only the first report counts; later ones are no-ops, so releasing in
 * {@code finally} is always safe.
 *
 * <p>The outcome is credited to the breaker state that gave the permission: once the breaker has
 * moved on (opened, closed again), a late outcome changes nothing. A half-open probe holds one of
 * the probe slots until it reports, or until it expires (see {@link HalfOpenState}).
 */
public final class BreakerPermit {

    private final CircuitState issuer;
    private final int probeSlot;
    private final long probeDeadline;
    /** 0, then 1 once released: a flag without an AtomicBoolean of its own, one object fewer on every call. */
    private volatile int released;
    private static final AtomicIntegerFieldUpdater<BreakerPermit> RELEASED = AtomicIntegerFieldUpdater.newUpdater(BreakerPermit.class, "released");
    private volatile boolean drilled;

    BreakerPermit(CircuitState issuer, int probeSlot, long probeDeadline) {
        this.issuer = issuer;
        this.probeSlot = probeSlot;
        this.probeDeadline = probeDeadline;
    }

    /** A permission that holds no probe slot (given while closed). */
    BreakerPermit(CircuitState issuer) {
        this(issuer, -1, 0);
    }

    /** The state of the breaker when it gave this permission. */
    public BreakerState state() {
        return issuer.kind();
    }

    /** The permitted call succeeded. */
    public void onSuccess() {
        if (RELEASED.compareAndSet(this, 0, 1)) {
            issuer.onSuccess(this);
        }
    }

    /** The permitted call failed in a way that counts against the provider's health. */
    public void onFailure() {
        if (RELEASED.compareAndSet(this, 0, 1)) {
            issuer.onFailure(this);
        }
    }

    /** The call ended with an outcome that says nothing about health (the caller's 400, a cancellation, an internal failure). */
    public void onIgnored() {
        if (RELEASED.compareAndSet(this, 0, 1)) {
            issuer.onIgnored(this);
        }
    }

    /**
     * A drill took the permitted call over: its outcome counts here as the real one would, but an
     * opening it causes stays on this instance ({@link CircuitBreaker#openedByDrill()}).
     */
    public void markDrilled() {
        drilled = true;
    }

    boolean drilled() {
        return drilled;
    }

    /** Whether an outcome was reported. */
    public boolean isReleased() {
        return released == 1;
    }

    int probeSlot() {
        return probeSlot;
    }

    long probeDeadline() {
        return probeDeadline;
    }
}
