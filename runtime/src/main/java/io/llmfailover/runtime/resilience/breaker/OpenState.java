package io.llmfailover.runtime.resilience.breaker;

/**
 * No call may go until {@code openDuration} has passed; the first permission asked after that
 * moves the breaker to half-open. It gives no permission, so it is told no outcome: those of
 * calls let through before it opened go to the closed state that let them, which is gone.
 */
final class OpenState implements CircuitState {

    private final CircuitBreaker breaker;
    private final long permittedAtNanos;
    private final boolean drilled;

    /**
     * Open until {@code permittedAtNanos} on the breaker's clock.
     *
     * @param drilled whether drilled failures count in this opening: it then stays on this instance
     */
    OpenState(CircuitBreaker breaker, long permittedAtNanos, boolean drilled) {
        this.breaker = breaker;
        this.permittedAtNanos = permittedAtNanos;
        this.drilled = drilled;
    }

    boolean drilled() {
        return drilled;
    }

    @Override
    public BreakerState kind() {
        return BreakerState.OPEN;
    }

    @Override
    public BreakerPermit tryAcquire() {
        if (nanosUntilPermitted() > 0) {
            return null;
        }
        breaker.halfOpen(this);
        return breaker.tryAcquire().orElse(null);
    }

    /** Never called: an open breaker gives no permission. */
    @Override
    public void onSuccess(BreakerPermit permit) {}

    @Override
    public void onFailure(BreakerPermit permit) {}

    @Override
    public void onIgnored(BreakerPermit permit) {}

    @Override
    public long nanosUntilPermitted() {
        return Math.max(0, permittedAtNanos - breaker.clock().nanoTime());
    }
}
