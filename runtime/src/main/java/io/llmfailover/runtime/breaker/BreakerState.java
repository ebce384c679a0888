// PLACEHOLDER until the real implementation is merged; do not build on its behaviour.
package io.llmfailover.runtime.breaker;
public enum BreakerState { CLOSED, OPEN, HALF_OPEN }
