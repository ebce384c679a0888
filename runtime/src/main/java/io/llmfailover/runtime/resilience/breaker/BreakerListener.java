package io.llmfailover.runtime.resilience.breaker;

/**
 * Told about every state change of a {@link CircuitBreaker}, on the thread that caused it. Meant
 * for metrics, logs and spans: it must be quick and must not call back into the breaker's outcome
 * methods. An exception it throws is logged and otherwise ignored.
 */
@FunctionalInterface
public interface BreakerListener {

    void onTransition(CircuitBreaker breaker, BreakerState from, BreakerState to);

    /** The breaker of a provider and model was made: first use of that model. */
    default void onCreated(CircuitBreaker breaker) {}

    /** The breaker was dropped (its model made room for another, or its provider was redefined): forget it. */
    default void onRemoved(CircuitBreaker breaker) {}
}
