package io.llmfailover.runtime.resilience.breaker;

/** Where a {@link CircuitBreaker} stands: letting calls through, rejecting them, or probing. */
public enum BreakerState {
    CLOSED,
    OPEN,
    HALF_OPEN
}
