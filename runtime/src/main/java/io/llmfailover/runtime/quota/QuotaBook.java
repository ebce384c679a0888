package io.llmfailover.runtime.quota;

import io.llmfailover.runtime.config.ProviderLimits;
import io.llmfailover.runtime.config.TrafficShaping;
import io.llmfailover.runtime.time.Clock;
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
    private final ConcurrentMap<String, KeyQuota> quotas = new ConcurrentHashMap<>();
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
        String quotaKey = provider + '\n' + scope + '\n' + keyId;
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
        String prefix = provider + '\n';
        String suffix = '\n' + keyId;
        quotas.keySet().removeIf(quotaKey -> quotaKey.startsWith(prefix) && quotaKey.endsWith(suffix));
    }

    /**
     * A book for a reloaded config that keeps what this one charged to every provider not in
     * {@code changed}: a key's quota survives a reload that did not touch its provider.
     */
    public QuotaBook carriedOver(TrafficShaping reloaded, java.util.Set<String> changed) {
        QuotaBook next = new QuotaBook(reloaded, clock, fleet);
        quotas.forEach((quotaKey, quota) -> {
            if (!changed.contains(quotaKey.substring(0, quotaKey.indexOf('\n')))) {
                next.quotas.put(quotaKey, quota);
            }
        });
        return next;
    }

    SharedBuckets fleet() {
        return fleet;
    }

    KeyQuota quotaOf(String quotaKey) {
        String provider = quotaKey.substring(0, quotaKey.indexOf('\n'));
        ProviderLimits limits = shaping.limitsOf(provider);
        return quotas.computeIfAbsent(quotaKey, key -> new KeyQuota(limits, clock.nanoTime()));
    }

    Clock clock() {
        return clock;
    }
}
