package io.llmfailover.runtime.state;

import io.llmfailover.runtime.resilience.breaker.CircuitBreaker;
import io.llmfailover.runtime.resilience.quota.SharedBuckets;
import io.llmfailover.runtime.resilience.throttle.Throttle;

/**
 * Where breakers and throttles live, keyed by provider and model, and by provider and key. The
 * default is {@link LocalResilienceState}; a shared store can replace it for a fleet.
 */
public interface ResilienceState {

    CircuitBreaker breaker(String provider, String model);

    /** @param keyId a stable, non-secret name for the credential ({@code key:3f2a9c0d1e4b5a69}, {@code app}) */
    Throttle throttle(String provider, String keyId);

    /**
     * Drops the throttles of one of the provider's keys, in every scope: its name made room for
     * another ({@link BoundedNames}), so that what is kept by key stays bounded.
     */
    default void forgetKey(String provider, String keyId) {}

    /** Where the configured quotas are kept: by default, by this instance alone. */
    default SharedBuckets sharedQuotas() {
        return SharedBuckets.NONE;
    }

    /** How many instances share this state, this one included, as far as it knows now: 1 when alone. */
    default int instances() {
        return 1;
    }

    /** Whether the store shared with the fleet answers now: always, for an instance on its own. */
    default boolean reachable() {
        return true;
    }

    /** {@code local} or {@code redis}: where this state is kept. */
    default String backend() {
        return "local";
    }

    /** The operator's view of the state, and the breakers they may force. */
    default ProviderControls controls() {
        return ProviderControls.NONE;
    }
}
