package io.llmfailover.runtime.resilience.quota;

import io.llmfailover.runtime.config.ProviderLimits;
import io.llmfailover.runtime.config.TrafficShaping;
import io.llmfailover.runtime.resilience.throttle.JoinedNames;
import io.llmfailover.runtime.resilience.throttle.KeyScopes;
import io.llmfailover.runtime.time.Clock;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Every key's quota, by chain-step scope and key id. A key has one when its provider configures
 * {@code rpm} or {@code tpm}, or once a success of its announced rate-limit headers; the scopes
 * are the routes' steps and the key ids those {@code KeyPool} hands out, so the book is bounded.
 */
public final class QuotaBook {

    private final TrafficShaping shaping;
    private final Clock clock;
    /** By {@link #quotaKey}. */
    private final ConcurrentMap<String, KeyQuota> quotas = new ConcurrentHashMap<>();
    private final JoinedNames quotaKeys = new JoinedNames('\n', 4096);
    /** The scopes of every key's quotas, for {@link #forgetKey}. */
    private final KeyScopes quotaScopes = new KeyScopes();
    /** How many quotas the last {@link #forgetKey} looked at: what dropping a key costs. */
    private volatile int lastForgetKeyVisits;
    private final SharedBuckets fleet;

    public QuotaBook(TrafficShaping shaping, Clock clock) {
        this(shaping, clock, SharedBuckets.NONE);
    }

    /** @param fleet where the configured quotas are shared with the rest of the fleet */
    public QuotaBook(TrafficShaping shaping, Clock clock, SharedBuckets fleet) {
        this.shaping = shaping;
        this.clock = clock;
        this.fleet = fleet;
    }

    /**
     * Charges one request and the call's estimated tokens to the key, or refuses without charging.
     *
     * @param scope where the key's throttles live: a provider, or a provider's model for a step that names one
     */
    public QuotaDecision tryCharge(String provider, String scope, String keyId, TokenEstimate estimate) {
        String quotaKey = quotaKeys.join(quotaKeys.join(provider, scope), keyId);
        KeyQuota quota = quotas.get(quotaKey);
        if (quota == null && shaping.limitsOf(provider).hasQuota()) {
            quota = quotaOf(quotaKey);
        }
        if (quota == null) {
            return new QuotaDecision(new QuotaCharge(this, quotaKey, null, 0), 0);
        }
        long now = clock.nanoTime();
        long tokens = !quota.metersTokens(now) ? 0
                : quota.hasTokenQuota() ? estimate.total()
                : estimate.byCharacters(); // a budget learnt from the provider's headers only paces
        ProviderLimits limits = shaping.limitsOf(provider);
        long fleetWait = limits.hasQuota() ? fleet.tryTake(quotaKey, 1, tokens, limits) : SharedBuckets.UNAVAILABLE;
        if (fleetWait > 0) {
            return new QuotaDecision(null, fleetWait);
        }
        boolean fleetCharged = fleetWait == 0;
        long wait = quota.tryCharge(tokens, clock.nanoTime(), fleetCharged);
        if (wait > 0) {
            if (fleetCharged) {
                fleet.giveBack(quotaKey, 1, tokens, limits);
            }
            return new QuotaDecision(null, wait);
        }
        return new QuotaDecision(new QuotaCharge(this, quotaKey, quota, tokens, fleetCharged ? limits : null), 0);
    }

    /** Drops the quotas of one of the provider's keys, in every scope: its id made room for another. */
    public void forgetKey(String provider, String keyId) {
        Set<String> scopes = quotaScopes.remove(provider, keyId);
        scopes.forEach(scope -> quotas.remove(quotaKey(provider, scope, keyId)));
        lastForgetKeyVisits = scopes.size();
    }

    int lastForgetKeyVisits() {
        return lastForgetKeyVisits;
    }

    /**
     * A book for a reloaded config that keeps what this one charged to every provider not in
     * {@code changed}: a key's quota survives a reload that did not touch its provider.
     */
    public QuotaBook carriedOver(TrafficShaping reloaded, Set<String> changed) {
        QuotaBook next = new QuotaBook(reloaded, clock, fleet);
        quotas.forEach((quotaKey, quota) -> {
            if (!changed.contains(providerOf(quotaKey))) {
                next.quotas.computeIfAbsent(quotaKey, kept -> next.noted(kept, quota));
            }
        });
        return next;
    }

    /** A quota's key in the book, and in the fleet's buckets. */
    private static String quotaKey(String provider, String scope, String keyId) {
        return provider + '\n' + scope + '\n' + keyId;
    }

    private static String providerOf(String quotaKey) {
        return quotaKey.substring(0, quotaKey.indexOf('\n'));
    }

    /** The quota of that key, noted among its key's scopes as it goes in the book. */
    private KeyQuota noted(String quotaKey, KeyQuota quota) {
        int afterProvider = quotaKey.indexOf('\n');
        int afterScope = quotaKey.lastIndexOf('\n');
        quotaScopes.add(quotaKey.substring(0, afterProvider), quotaKey.substring(afterScope + 1),
                quotaKey.substring(afterProvider + 1, afterScope));
        return quota;
    }

    SharedBuckets fleet() {
        return fleet;
    }

    KeyQuota quotaOf(String quotaKey) {
        ProviderLimits limits = shaping.limitsOf(providerOf(quotaKey));
        return quotas.computeIfAbsent(quotaKey, key -> noted(key, new KeyQuota(limits, clock.nanoTime())));
    }

    Clock clock() {
        return clock;
    }
}
