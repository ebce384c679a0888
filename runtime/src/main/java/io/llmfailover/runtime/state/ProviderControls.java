package io.llmfailover.runtime.state;

import io.llmfailover.runtime.resilience.breaker.CircuitBreaker;
import io.llmfailover.runtime.resilience.throttle.Throttle;
import java.util.List;
import java.util.Map;

/** What an operator sees of a provider's state in this instance, and the breaker they may force. */
public interface ProviderControls {

    /** A store that holds nothing to show and nothing to force. */
    ProviderControls NONE = new ProviderControls() {
        @Override
        public List<CircuitBreaker> breakersOf(String provider) {
            return List.of();
        }

        @Override
        public Map<String, Throttle> throttlesOf(String provider) {
            return Map.of();
        }

        @Override
        public void forceOpen(String provider) {}

        @Override
        public void forceClose(String provider) {}

        @Override
        public boolean forcedOpen(String provider) {
            return false;
        }

        @Override
        public void forget(String provider) {}
    };

    /** The provider's breakers, one per model seen (or one for the provider, when models are not told apart). */
    List<CircuitBreaker> breakersOf(String provider);

    /** The provider's throttles by key id ({@code app}, {@code key:3f2a9c0d1e4b5a69}): never the key. */
    Map<String, Throttle> throttlesOf(String provider);

    /** Takes the provider out: every breaker of it open, those of models first seen later too, until {@link #forceClose}. */
    void forceOpen(String provider);

    /** Puts the provider back: every breaker of it closed now. */
    void forceClose(String provider);

    boolean forcedOpen(String provider);

    /** Drops what is known of the provider (its definition changed on reload): its next call starts afresh. */
    void forget(String provider);
}
