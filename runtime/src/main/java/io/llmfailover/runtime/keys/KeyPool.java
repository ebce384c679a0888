package io.llmfailover.runtime.keys;

import io.llmfailover.runtime.config.TrafficShaping;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.keys.identity.ProviderIdentity;
import io.llmfailover.runtime.provider.CloudIdentity;
import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.resilience.quota.QuotaBook;
import io.llmfailover.runtime.resilience.quota.QuotaCharge;
import io.llmfailover.runtime.resilience.quota.QuotaDecision;
import io.llmfailover.runtime.resilience.quota.TokenEstimate;
import io.llmfailover.runtime.resilience.throttle.Throttle;
import io.llmfailover.runtime.resilience.throttle.ThrottleDecision;
import io.llmfailover.runtime.state.BoundedNames;
import io.llmfailover.runtime.state.ResilienceState;
import io.llmfailover.runtime.telemetry.SkipReason;
import io.llmfailover.runtime.time.Clock;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Chooses which of a provider's keys an attempt uses: round robin over the keys whose throttle
 * allows a call now and whose quota the call fits ({@link QuotaBook}). A silenced, exhausted or
 * over-quota key is skipped, never waited on.
 *
 * <p>A key is known by its id, {@code key:} and its {@link KeyFingerprint}, worked out once per
 * configured key: the same key is the same id in every service of a fleet, wherever it sits in a
 * key list, so its throttle, silences and quotas are shared exactly with those who share the key.
 *
 * <p>A provider without keys of its own keeps the app's credential, and each credential the app
 * sends has its own throttle ({@link AppKeyId}): one tenant's 429 does not send another tenant to
 * the fallback. The {@value #MAX_APP_KEYS} credentials per provider used last are kept; a new one
 * takes the place of the least recently used, whose throttles and quotas are dropped.
 *
 * <p>A provider reached with a cloud identity ({@code auth = sigv4 | google}) has no keys: its lease
 * carries the identity ({@link ProviderIdentities}), made once per provider and identity, which
 * authorises the attempt once it is built; its throttle and quotas are the identity's.
 */
public final class KeyPool {

    /** The throttle key of a call whose app credential is unknown or absent. */
    public static final String APP_KEY_ID = AppKeyId.NONE;
    /** App credentials per provider whose throttles are kept. */
    public static final int MAX_APP_KEYS = 1024;
    /** Before the fingerprint of one of a provider's own keys. */
    public static final String KEY_ID_PREFIX = "key:";

    private final ResilienceState state;
    private final QuotaBook quotas;
    private final AppKeyId appKeyIds;
    /** By provider, the ids of the app credentials whose throttles and quotas are kept. */
    private final BoundedNames keptAppKeyIds;
    private final ConcurrentMap<String, AtomicInteger> nextKeyByProvider = new ConcurrentHashMap<>();
    /** By provider name, the ids of its keys in pool order. */
    private final ConcurrentMap<String, PoolIds> poolIds = new ConcurrentHashMap<>();
    /** By provider name, the cloud identity of a provider reached with one. */
    private final ConcurrentMap<String, KnownIdentity> identities = new ConcurrentHashMap<>();

    /** A pool over the default salt, with no quotas: for tests. */
    public KeyPool(ResilienceState state) {
        this(state, new QuotaBook(TrafficShaping.NONE, Clock.SYSTEM),
                new AppKeyId(KeyFingerprint.salted(KeyFingerprint.DEFAULT_SALT)), List.of());
    }

    /**
     * @param appKeyIds names the app's credentials, and with its fingerprint ({@code state.key-salt})
     *     the providers' keys
     * @param providers the configured providers, whose keys are named now rather than on a call
     */
    public KeyPool(ResilienceState state, QuotaBook quotas, AppKeyId appKeyIds, Collection<Provider> providers) {
        this(state, quotas, appKeyIds, providers, null, Set.of());
    }

    /** @param kept the app credentials a reload's pool goes on bounding, but those of the {@code changed} providers */
    private KeyPool(ResilienceState state, QuotaBook quotas, AppKeyId appKeyIds, Collection<Provider> providers,
            BoundedNames kept, Set<String> changed) {
        this.state = state;
        this.quotas = quotas;
        this.appKeyIds = appKeyIds;
        this.keptAppKeyIds = kept == null ? new BoundedNames(MAX_APP_KEYS, this::forgetAppKey)
                : kept.carriedOver(this::forgetAppKey, changed);
        providers.forEach(this::idsOf);
        providers.stream().filter(provider -> provider.identity() != null).forEach(this::identityOf);
    }

    /**
     * The pool of a reloaded config, over the state and the quotas the reload carries over: the same
     * ids ({@code state.*} applies at a restart), and the app credentials this pool keeps, which the
     * new one goes on bounding, but those of the {@code changed} providers, whose state was dropped.
     */
    public KeyPool carriedOver(ResilienceState state, QuotaBook quotas, Collection<Provider> providers,
            Set<String> changed) {
        return new KeyPool(state, quotas, appKeyIds, providers, keptAppKeyIds, changed);
    }

    /**
     * The ids of the credentials the app sends itself ({@link AppKeyId}), not yet bounded per
     * provider: for what else is kept by caller and must name callers as this pool does.
     */
    public AppKeyId appKeyIds() {
        return appKeyIds;
    }

    /** A key of the provider, throttled at the provider's own scope, for a call that estimates no tokens. */
    public Choice choose(Provider provider, LlmRequest appRequest) {
        return choose(provider, provider.name(), appRequest, TokenEstimate.NONE);
    }

    /**
     * A lease on an allowed key, or the refusal that was closest to being allowed.
     *
     * @param scope where the throttles live: the provider's name, or a chain step's own
     *     ({@link io.llmfailover.runtime.route.ChainStep#throttleScope()})
     * @param appRequest the app's request, whose credential names the throttle when the provider
     *     has no keys of its own; null when unknown
     * @param estimate the call's tokens, charged to the chosen key's quota with one request
     */
    public Choice choose(Provider provider, String scope, LlmRequest appRequest, TokenEstimate estimate) {
        if (provider.identity() != null) {
            ProviderIdentity identity = identityOf(provider);
            Throttle throttle = state.throttle(scope, identity.id());
            return charged(provider, scope, new KeyLease(null, identity.id(), throttle, identity), throttle.tryAcquire(),
                    estimate);
        }
        List<String> keys = provider.apiKeys();
        if (keys.isEmpty()) {
            String keyId = appRequest == null ? APP_KEY_ID : keptAppKeyIds.admit(provider.name(), appKeyIds.of(appRequest));
            Throttle throttle = state.throttle(scope, keyId);
            return charged(provider, scope, new KeyLease(null, keyId, throttle), throttle.tryAcquire(), estimate);
        }
        List<String> ids = idsOf(provider);
        int start = Math.floorMod(nextKeyByProvider
                .computeIfAbsent(provider.name(), name -> new AtomicInteger())
                .getAndIncrement(), keys.size());
        Choice soonest = null;
        for (int i = 0; i < keys.size(); i++) {
            int index = (start + i) % keys.size();
            String keyId = ids.get(index);
            Throttle throttle = state.throttle(scope, keyId);
            Choice choice = charged(provider, scope, new KeyLease(keys.get(index), keyId, throttle), throttle.tryAcquire(),
                    estimate);
            if (choice.lease() != null) {
                return choice;
            }
            if (soonest == null || choice.nanosUntilAllowed() < soonest.nanosUntilAllowed()) {
                soonest = choice;
            }
        }
        return soonest;
    }

    /** An app credential made room for another: what is kept by its id goes with it. */
    private void forgetAppKey(String provider, String keyId) {
        state.forgetKey(provider, keyId);
        quotas.forgetKey(provider, keyId);
    }

    /** The id of one of a provider's own keys: {@code key:} and its fingerprint. */
    public static String keyId(KeyFingerprint fingerprint, String key) {
        return KEY_ID_PREFIX + fingerprint.of(key);
    }

    /** The ids of the provider's keys, in pool order; worked out once per key list. */
    private List<String> idsOf(Provider provider) {
        PoolIds known = poolIds.get(provider.name());
        if (known != null && (known.keys() == provider.apiKeys() || known.keys().equals(provider.apiKeys()))) {
            return known.ids();
        }
        List<String> ids = provider.apiKeys().stream().map(key -> keyId(appKeyIds.fingerprint(), key)).toList();
        poolIds.put(provider.name(), new PoolIds(provider.apiKeys(), ids));
        return ids;
    }

    /** The provider's cloud identity, made once per identity it is configured with. */
    private ProviderIdentity identityOf(Provider provider) {
        KnownIdentity known = identities.get(provider.name());
        if (known != null && known.configured().equals(provider.identity())) {
            return known.identity();
        }
        KnownIdentity made = new KnownIdentity(provider.identity(), ProviderIdentities.of(provider.identity()));
        identities.put(provider.name(), made);
        return made.identity();
    }

    private record KnownIdentity(CloudIdentity configured, ProviderIdentity identity) {}

    /** A provider's key list, held by identity, and the ids of its keys. */
    private record PoolIds(List<String> keys, List<String> ids) {

        @Override
        public String toString() {
            return "PoolIds" + ids; // never the keys
        }
    }

    /** A key its throttle allows still needs its quota to: if that refuses, the slot goes back. */
    private Choice charged(Provider provider, String scope, KeyLease lease, ThrottleDecision decision,
            TokenEstimate estimate) {
        if (!decision.allowed()) {
            return new Choice(null, decision);
        }
        QuotaDecision quota = quotas.tryCharge(provider.name(), scope, lease.keyId(), estimate);
        if (!quota.allowed()) {
            decision.slot().onIgnored();
            return new Choice(null, decision, quota);
        }
        return new Choice(lease, decision, quota);
    }

    /**
     * @param lease null when no key was allowed; {@code decision}, or {@code quota} when it refused, then says why
     * @param quota null when the throttle refused before the quota was asked
     */
    public record Choice(KeyLease lease, ThrottleDecision decision, QuotaDecision quota) {

        public Choice(KeyLease lease, ThrottleDecision decision) {
            this(lease, decision, null);
        }

        /** The chosen key's quota charge, null when none was taken. */
        public QuotaCharge charge() {
            return quota == null ? null : quota.charge();
        }

        /** Why no key was chosen. */
        public SkipReason skipReason() {
            if (quota != null && !quota.allowed()) {
                return SkipReason.OVER_QUOTA;
            }
            return decision.kind() == ThrottleDecision.Kind.SILENCED ? SkipReason.SILENCED : SkipReason.OVER_LIMIT;
        }

        /** How long until the refusing key would be allowed. */
        public long nanosUntilAllowed() {
            return quota != null && !quota.allowed() ? quota.nanosUntilAllowed() : decision.nanosUntilAllowed();
        }

        @Override
        public String toString() {
            // The lease prints its key id, never its key.
            return "Choice[" + lease + ", " + decision + "]";
        }
    }
}
