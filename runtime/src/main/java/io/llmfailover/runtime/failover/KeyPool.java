package io.llmfailover.runtime.failover;

import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.state.ResilienceState;
import io.llmfailover.runtime.throttle.Throttle;
import io.llmfailover.runtime.throttle.ThrottleDecision;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Chooses which of a provider's keys an attempt uses: round robin over the keys whose throttle
 * allows a call now. A silenced or exhausted key is skipped, never waited on.
 */
public final class KeyPool {

    /** The throttle key of the credential the app sent itself. */
    public static final String APP_KEY_ID = "app";

    private final ResilienceState state;
    private final ConcurrentMap<String, AtomicInteger> nextKeyByProvider = new ConcurrentHashMap<>();

    public KeyPool(ResilienceState state) {
        this.state = state;
    }

    /** A lease on an allowed key, or the refusal that was closest to being allowed. */
    public Choice choose(Provider provider) {
        List<String> keys = provider.apiKeys();
        if (keys.isEmpty()) {
            Throttle throttle = state.throttle(provider.name(), APP_KEY_ID);
            return choice(throttle.tryAcquire(), new KeyLease(null, APP_KEY_ID, throttle));
        }
        int start = Math.floorMod(nextKeyByProvider
                .computeIfAbsent(provider.name(), name -> new AtomicInteger())
                .getAndIncrement(), keys.size());
        ThrottleDecision soonest = null;
        for (int i = 0; i < keys.size(); i++) {
            int index = (start + i) % keys.size();
            String keyId = "key#" + index;
            Throttle throttle = state.throttle(provider.name(), keyId);
            ThrottleDecision decision = throttle.tryAcquire();
            if (decision.kind() == ThrottleDecision.Kind.ALLOWED) {
                return new Choice(new KeyLease(keys.get(index), keyId, throttle), decision);
            }
            if (soonest == null || decision.nanosUntilAllowed() < soonest.nanosUntilAllowed()) {
                soonest = decision;
            }
        }
        return new Choice(null, soonest);
    }

    private static Choice choice(ThrottleDecision decision, KeyLease lease) {
        return decision.kind() == ThrottleDecision.Kind.ALLOWED ? new Choice(lease, decision) : new Choice(null, decision);
    }

    /** @param lease null when no key was allowed; {@code decision} then says why */
    public record Choice(KeyLease lease, ThrottleDecision decision) {

        @Override
        public String toString() {
            // The lease prints its key id, never its key.
            return "Choice[" + lease + ", " + decision + "]";
        }
    }
}
