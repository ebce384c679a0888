package io.llmfailover.runtime.state;

import io.llmfailover.runtime.resilience.breaker.ProbeGate;
import java.util.function.IntSupplier;

/**
 * What an instance's breakers and throttles ask of their fleet: whether a half-open probe may go,
 * and how many instances share each key's concurrency limit ({@code throttle.*-limit} are then the
 * fleet's, each instance holding its share).
 */
public record FleetShare(ProbeGate probes, IntSupplier instances) {

    /** An instance on its own. */
    public static final FleetShare ALONE = new FleetShare(ProbeGate.OWN_COUNT, () -> 1);
}
