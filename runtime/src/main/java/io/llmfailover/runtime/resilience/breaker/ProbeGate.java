package io.llmfailover.runtime.resilience.breaker;

/**
 * Whether a half-open breaker may send a probe it has room for: the fleet's say, when instances
 * share their breakers, so that a recovering provider gets {@code half-open-probes} probes from the
 * whole fleet rather than from each instance.
 */
@FunctionalInterface
public interface ProbeGate {

    /** An instance on its own: its breaker's own count decides. */
    ProbeGate OWN_COUNT = breaker -> true;

    boolean mayProbe(CircuitBreaker breaker);
}
