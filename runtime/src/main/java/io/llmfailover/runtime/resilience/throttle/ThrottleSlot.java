package io.llmfailover.runtime.resilience.throttle;

import io.llmfailover.runtime.contract.HttpHeaders;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

/**
 * One call's slot in a {@link Throttle}, a lease in the manner of concurrency-limits' {@code
 * Limiter.Listener}: report exactly one outcome. Only the first report counts; later ones are
 * no-ops, so {@link #onIgnored()} in a {@code finally} after the real outcome is always safe, and a
 * slot can never be given back twice nor kept for good.
 */
public final class ThrottleSlot {

    private final Throttle throttle;
    /** 0, then 1 once released: a flag without an AtomicBoolean of its own, one object fewer on every call. */
    private volatile int released;
    private static final AtomicIntegerFieldUpdater<ThrottleSlot> RELEASED = AtomicIntegerFieldUpdater.newUpdater(ThrottleSlot.class, "released");
    private volatile boolean drilled;

    ThrottleSlot(Throttle throttle) {
        this.throttle = throttle;
    }

    public Throttle throttle() {
        return throttle;
    }

    /**
     * A drill took the call over: what its outcome teaches applies here as the real one would, but
     * a silence it starts is {@link SilenceReason#DRILL}'s, which stays on this instance.
     */
    public void markDrilled() {
        drilled = true;
    }

    /** The call succeeded; its headers may announce that a limit is now spent. */
    public void onSuccess(HttpHeaders responseHeaders) {
        if (release()) {
            throttle.onSuccess(responseHeaders, drilled);
        }
    }

    /** The provider answered 429 or 529 (or a 503 naming a wait). */
    public void onRateLimited(HttpHeaders responseHeaders) {
        if (release()) {
            throttle.onRateLimited(responseHeaders, drilled);
        }
    }

    /** The key is out of quota or credit. */
    public void onQuotaExhausted(HttpHeaders responseHeaders) {
        if (release()) {
            throttle.onQuotaExhausted(responseHeaders, drilled);
        }
    }

    /** Any other ending (a server error, the caller's 400, a cancellation, an internal failure): nothing learnt. */
    public void onIgnored() {
        if (release()) {
            throttle.onReleased();
        }
    }

    public boolean isReleased() {
        return released == 1;
    }

    private boolean release() {
        return RELEASED.compareAndSet(this, 0, 1);
    }
}
