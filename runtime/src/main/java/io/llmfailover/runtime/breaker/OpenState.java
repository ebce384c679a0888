package io.llmfailover.runtime.breaker;

/**
 * No call may go until {@code openDuration} has passed; the first permission asked after that
 * moves the breaker to half-open. Outcomes arriving now belong to calls let through before the
 * breaker opened and are dropped.
 */
final class OpenState implements CircuitState {

    private final CircuitBreaker breaker;
    private final long permittedAtNanos;

    OpenState(CircuitBreaker breaker) {
        this.breaker = breaker;
        this.permittedAtNanos = breaker.clock().nanoTime() + breaker.settings().openDuration().toNanos();
    }

    @Override
    public BreakerState kind() {
        return BreakerState.OPEN;
    }

    @Override
    public boolean tryAcquirePermission() {
        if (nanosUntilPermitted() > 0) {
            return false;
        }
        breaker.halfOpen(this);
        return breaker.tryAcquirePermission();
    }

    @Override
    public void onSuccess() {}

    @Override
    public void onFailure() {}

    @Override
    public void onIgnored() {}

    @Override
    public long nanosUntilPermitted() {
        return Math.max(0, permittedAtNanos - breaker.clock().nanoTime());
    }
}
