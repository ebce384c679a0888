package io.llmfailover.runtime.resilience.breaker;

/**
 * Open because an operator said so ({@link CircuitBreaker#forceOpen()}): no call may go, no time
 * makes it half-open and nothing the fleet says closes it; only {@link CircuitBreaker#forceClose()}
 * does. To callers it looks like any open breaker, due to be asked again after {@code openDuration}.
 */
final class ForcedOpenState implements CircuitState {

    private final CircuitBreaker breaker;

    ForcedOpenState(CircuitBreaker breaker) {
        this.breaker = breaker;
    }

    @Override
    public BreakerState kind() {
        return BreakerState.OPEN;
    }

    @Override
    public BreakerPermit tryAcquire() {
        return null;
    }

    @Override
    public void onSuccess(BreakerPermit permit) {}

    @Override
    public void onFailure(BreakerPermit permit) {}

    @Override
    public void onIgnored(BreakerPermit permit) {}

    @Override
    public long nanosUntilPermitted() {
        return breaker.settings().openDuration().toNanos();
    }
}
