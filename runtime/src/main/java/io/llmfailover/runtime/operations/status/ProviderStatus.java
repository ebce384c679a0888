package io.llmfailover.runtime.operations.status;

import io.llmfailover.runtime.resilience.breaker.BreakerState;
import io.llmfailover.runtime.walk.LastFailures;
import java.util.List;
import java.util.Optional;

/**
 * One provider as this instance sees it now: a snapshot, safe to hand to any thread.
 *
 * @param breakers one per model seen
 * @param keys one per key id the provider was called with
 */
public record ProviderStatus(String name, String url, boolean forcedOpen, List<Breaker> breakers, List<Key> keys,
        Optional<LastFailures.Failure> lastFailure) {

    /** @param model the model, or the provider's name when its models share one breaker */
    public record Breaker(String model, BreakerState state, long millisUntilProbe) {}

    /**
     * @param keyId {@code app}, {@code app:9c0d1e4b5a693f2a}, {@code key:3f2a9c0d1e4b5a69}: never the key
     * @param limit the adaptive concurrency limit
     * @param silencedForMillis 0 unless a 429, a 529 or an exhausted quota silenced the key
     */
    public record Key(String keyId, int limit, int inFlight, long silencedForMillis) {}

    /** The worst of its breakers: OPEN if any is, else HALF_OPEN if any is, else CLOSED. */
    public BreakerState breakerState() {
        BreakerState worst = BreakerState.CLOSED;
        for (Breaker breaker : breakers) {
            if (breaker.state() == BreakerState.OPEN) {
                return BreakerState.OPEN;
            }
            if (breaker.state() == BreakerState.HALF_OPEN) {
                worst = BreakerState.HALF_OPEN;
            }
        }
        return forcedOpen ? BreakerState.OPEN : worst;
    }

    public int inFlight() {
        return keys.stream().mapToInt(Key::inFlight).sum();
    }
}
