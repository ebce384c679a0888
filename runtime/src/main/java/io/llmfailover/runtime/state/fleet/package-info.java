/**
 * Fleet mode's model: an instance's breakers, throttles and quota buckets kept in step with its
 * fleet's through a {@link io.llmfailover.runtime.state.fleet.FleetStore}
 * ({@link io.llmfailover.runtime.state.fleet.FleetState}). What the fleet says is input, never trusted:
 * every duration it carries is capped by this instance's own settings, and it can touch only names
 * this instance already knows. A bad fleet costs sharing, never calls. Names no Redis type: that is
 * {@code state.redis}.
 */
package io.llmfailover.runtime.state.fleet;
