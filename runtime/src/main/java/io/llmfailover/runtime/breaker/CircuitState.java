package io.llmfailover.runtime.breaker;

/**
 * One state of a {@link CircuitBreaker}. Each state answers for itself whether a call may go and
 * what an outcome does; a state that decides to leave asks its breaker to swap it out, and the
 * swap succeeds only if it is still the current state.
 */
interface CircuitState {

    BreakerState kind();

    boolean tryAcquirePermission();

    void onSuccess();

    void onFailure();

    void onIgnored();

    long nanosUntilPermitted();
}
