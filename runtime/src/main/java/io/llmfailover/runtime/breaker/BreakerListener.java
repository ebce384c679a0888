// PLACEHOLDER until the real implementation is merged; do not build on its behaviour.
package io.llmfailover.runtime.breaker;
public interface BreakerListener { void onTransition(CircuitBreaker breaker, BreakerState from, BreakerState to); }
