package io.llmfailover.runtime.resilience.breaker;

/**
 * One state of a {@link CircuitBreaker}. Each state answers for itself whether a call may go and
 * what the outcome of a call it let through does; a state that decides to leave asks its breaker
 * to swap it out, and the swap succeeds only if it is still the current state.
 */
interface CircuitState {

    BreakerState kind();

    /** @return the permission, or null when no call may go now */
    BreakerPermit tryAcquire();

    void onSuccess(BreakerPermit permit);

    void onFailure(BreakerPermit permit);

    void onIgnored(BreakerPermit permit);

    long nanosUntilPermitted();
}
