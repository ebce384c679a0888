/**
 * The circuit breaker of one provider and model, a state machine over explicit states
 * ({@link io.llmfailover.runtime.resilience.breaker.ClosedState},
 * {@link io.llmfailover.runtime.resilience.breaker.OpenState},
 * {@link io.llmfailover.runtime.resilience.breaker.HalfOpenState}, forced open) swapped atomically,
 * whose permission is a lease reported exactly once
 * ({@link io.llmfailover.runtime.resilience.breaker.BreakerPermit}) and whose transitions are told to
 * listeners. Depends on the config and the clock only.
 */
package io.llmfailover.runtime.resilience.breaker;
