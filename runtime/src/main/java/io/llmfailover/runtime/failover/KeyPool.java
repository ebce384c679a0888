package io.llmfailover.runtime.failover;

import io.llmfailover.runtime.http.LlmRequest;
import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.state.BoundedNames;
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
 *
 * <p>A provider without keys of its own keeps the app's credential, and each credential the app
 * sends has its own throttle ({@link AppKeyId}): one tenant's 429 does not send another tenant to
 * the fallback. Up to {@value #MAX_APP_KEYS} credentials per provider are told apart; any later
 * one shares the throttle {@value #OTHER_APP_KEYS}.
 */
public final class KeyPool {

    /** The throttle key of a call whose app credential is unknown or absent. */
    public static final String APP_KEY_ID = AppKeyId.NONE;
    /** App credentials per provider with a throttle of their own. */
    public static final int MAX_APP_KEYS = 1024;
    /** The throttle key shared by app credentials beyond {@link #MAX_APP_KEYS}. */
    public static final String OTHER_APP_KEYS = "app:other";

    private final ResilienceState state;
    private final BoundedNames appKeyIds = new BoundedNames(MAX_APP_KEYS, OTHER_APP_KEYS);
    private final ConcurrentMap<String, AtomicInteger> nextKeyByProvider = new ConcurrentHashMap<>();

    public KeyPool(ResilienceState state) {
        this.state = state;
    }

    /** {@link #choose(Provider, LlmRequest)} for a call whose app credential is not known. */
    public Choice choose(Provider provider) {
        return choose(provider, null);
    }

    /** A key of the provider, throttled at the provider's own scope. */
    public Choice choose(Provider provider, LlmRequest appRequest) {
        return choose(provider, provider.name(), appRequest);
    }

    /**
     * A lease on an allowed key, or the refusal that was closest to being allowed.
     *
     * @param scope where the throttles live: the provider's name, or a chain step's own
     *     ({@link io.llmfailover.runtime.route.ChainStep#throttleScope()})
     * @param appRequest the app's request, whose credential names the throttle when the provider
     *     has no keys of its own; null when unknown
     */
    public Choice choose(Provider provider, String scope, LlmRequest appRequest) {
        List<String> keys = provider.apiKeys();
        if (keys.isEmpty()) {
            String keyId = appRequest == null ? APP_KEY_ID : appKeyIds.admit(provider.name(), AppKeyId.of(appRequest));
            Throttle throttle = state.throttle(scope, keyId);
            return choice(throttle.tryAcquire(), new KeyLease(null, keyId, throttle));
        }
        int start = Math.floorMod(nextKeyByProvider
                .computeIfAbsent(provider.name(), name -> new AtomicInteger())
                .getAndIncrement(), keys.size());
        ThrottleDecision soonest = null;
        for (int i = 0; i < keys.size(); i++) {
            int index = (start + i) % keys.size();
            String keyId = "key#" + index;
            Throttle throttle = state.throttle(scope, keyId);
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
