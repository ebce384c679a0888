package io.llmfailover.runtime.state;

import io.llmfailover.runtime.config.BreakerSettings;
import io.llmfailover.runtime.config.ThrottleSettings;
import io.llmfailover.runtime.resilience.breaker.BreakerListener;
import io.llmfailover.runtime.resilience.breaker.CircuitBreaker;
import io.llmfailover.runtime.resilience.throttle.JoinedNames;
import io.llmfailover.runtime.resilience.throttle.KeyScopes;
import io.llmfailover.runtime.resilience.throttle.Throttle;
import io.llmfailover.runtime.resilience.throttle.ThrottleListener;
import io.llmfailover.runtime.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Breakers and throttles of this JVM, created on first use.
 *
 * <p>Bounded whatever callers send: a model named in the config (a model map's key or value) has
 * its own breaker per provider, and so do the {@value #MAX_UNNAMED_MODELS} other models of each
 * provider used last; a model past them takes the place of the least recently used, whose breaker
 * is dropped. Throttles are keyed by key ids, which {@code KeyPool} keeps bounded the same way
 * ({@link #forgetKey}, which visits the dropped key's throttles alone).
 */
public final class LocalResilienceState implements ResilienceState, ProviderControls {

    /** Models per provider, beyond those named in the config, whose breakers are kept. */
    public static final int MAX_UNNAMED_MODELS = 64;

    private final ConcurrentMap<String, CircuitBreaker> breakers = new ConcurrentHashMap<>();
    private final JoinedNames breakerNames = new JoinedNames('/', 4096);
    private final JoinedNames throttleNames = new JoinedNames('#', 4096);
    private final ConcurrentMap<String, Throttle> throttles = new ConcurrentHashMap<>();
    /** The scopes of every key's throttles, for {@link #forgetKey}. */
    private final KeyScopes throttleScopes = new KeyScopes();
    /** How many throttles the last {@link #forgetKey} looked at: what dropping a key costs. */
    private volatile int lastForgetKeyVisits;
    private final BreakerSettings breakerSettings;
    private final ThrottleSettings throttleSettings;
    private final Clock clock;
    private final List<BreakerListener> breakerListeners;
    private final List<ThrottleListener> throttleListeners;
    private final Set<String> namedModels;
    private final FleetShare fleet;
    private final BoundedNames unnamedModels = new BoundedNames(MAX_UNNAMED_MODELS, this::dropBreaker);
    /** Providers an operator took out: their breakers, new ones included, are forced open. */
    private final Set<String> forcedOpen = ConcurrentHashMap.newKeySet();
    /** Providers with a breaker or throttle here: bounded as the providers a call can address are. */
    private final Set<String> providersWithState = ConcurrentHashMap.newKeySet();

    /** A state that knows no model names from the config: the models each provider's calls used last are kept. */
    public LocalResilienceState(BreakerSettings breakerSettings, ThrottleSettings throttleSettings, Clock clock,
            List<BreakerListener> breakerListeners, List<ThrottleListener> throttleListeners) {
        this(breakerSettings, throttleSettings, clock, breakerListeners, throttleListeners, Set.of());
    }

    /** @param namedModels the models the config names ({@code FailoverConfig#namedModels()}): always exact */
    public LocalResilienceState(BreakerSettings breakerSettings, ThrottleSettings throttleSettings, Clock clock,
            List<BreakerListener> breakerListeners, List<ThrottleListener> throttleListeners, Set<String> namedModels) {
        this(breakerSettings, throttleSettings, clock, breakerListeners, throttleListeners, namedModels, FleetShare.ALONE);
    }

    /** @param fleet the fleet's say on each half-open probe, and how many instances share each key's limit */
    public LocalResilienceState(BreakerSettings breakerSettings, ThrottleSettings throttleSettings, Clock clock,
            List<BreakerListener> breakerListeners, List<ThrottleListener> throttleListeners, Set<String> namedModels,
            FleetShare fleet) {
        this.fleet = fleet;
        this.namedModels = Set.copyOf(namedModels);
        this.breakerSettings = breakerSettings;
        this.throttleSettings = throttleSettings;
        this.clock = clock;
        this.breakerListeners = List.copyOf(breakerListeners);
        this.throttleListeners = List.copyOf(throttleListeners);
    }

    @Override
    public CircuitBreaker breaker(String provider, String model) {
        String name = model == null ? provider : breakerNames.join(provider, bounded(provider, model));
        CircuitBreaker breaker = breakers.get(name);
        if (breaker == null) {
            breaker = breakers.computeIfAbsent(name, created -> newBreaker(created, provider));
            if (!forcedOpen.isEmpty() && forcedOpen.contains(provider)) {
                breaker.forceOpen(); // created while an operator was taking the provider out
            }
        }
        return breaker;
    }

    @Override
    public Throttle throttle(String provider, String keyId) {
        String name = throttleNames.join(provider, keyId);
        Throttle throttle = throttles.get(name);
        return throttle != null ? throttle : throttles.computeIfAbsent(name, created -> newThrottle(created, provider, keyId));
    }

    /** @param scope a provider, or a provider's model for a chain step that names one */
    private static String throttleName(String scope, String keyId) {
        return scope + "#" + keyId;
    }

    /** The breaker of that name ({@link CircuitBreaker#name()}) if this instance has one: never made. */
    public CircuitBreaker existingBreaker(String name) {
        return breakers.get(name);
    }

    /** The throttle of that name ({@link Throttle#name()}) if this instance has one: never made. */
    public Throttle existingThrottle(String name) {
        return throttles.get(name);
    }

    /** Whether this instance made a breaker or a throttle of the provider (a call addressed it). */
    public boolean hasStateOf(String provider) {
        return providersWithState.contains(provider);
    }

    private String bounded(String provider, String model) {
        return namedModels.contains(model) ? model : unnamedModels.admit(provider, model);
    }

    /** How many breakers exist: bounded by providers times (named models + {@value #MAX_UNNAMED_MODELS} + 1). */
    int breakerCount() {
        return breakers.size();
    }

    int throttleCount() {
        return throttles.size();
    }

    int lastForgetKeyVisits() {
        return lastForgetKeyVisits;
    }

    private CircuitBreaker newBreaker(String name, String provider) {
        providersWithState.add(provider);
        CircuitBreaker breaker = new CircuitBreaker(name, breakerSettings, clock, fleet.probes());
        breakerListeners.forEach(breaker::addListener);
        if (forcedOpen.contains(provider)) {
            breaker.forceOpen();
        }
        breakerListeners.forEach(listener -> listener.onCreated(breaker));
        return breaker;
    }

    @Override
    public ProviderControls controls() {
        return this;
    }

    @Override
    public List<CircuitBreaker> breakersOf(String provider) {
        List<CircuitBreaker> ofProvider = new ArrayList<>();
        breakers.forEach((name, breaker) -> {
            if (name.equals(provider) || name.startsWith(provider + "/")) {
                ofProvider.add(breaker);
            }
        });
        ofProvider.sort(Comparator.comparing(CircuitBreaker::name));
        return ofProvider;
    }

    @Override
    public Map<String, Throttle> throttlesOf(String provider) {
        Map<String, Throttle> byKeyId = new TreeMap<>();
        String prefix = provider + "#";
        throttles.forEach((name, throttle) -> {
            if (name.startsWith(prefix)) {
                byKeyId.put(name.substring(prefix.length()), throttle);
            }
        });
        return byKeyId;
    }

    @Override
    public void forceOpen(String provider) {
        forcedOpen.add(provider);
        breakersOf(provider).forEach(CircuitBreaker::forceOpen);
    }

    @Override
    public void forceClose(String provider) {
        forcedOpen.remove(provider);
        breakersOf(provider).forEach(CircuitBreaker::forceClose);
    }

    @Override
    public boolean forcedOpen(String provider) {
        return forcedOpen.contains(provider);
    }

    @Override
    public void forget(String provider) {
        forcedOpen.remove(provider);
        providersWithState.remove(provider);
        unnamedModels.forget(provider);
        breakers.values().removeIf(breaker -> ofProvider(breaker.name(), provider, '/') && removed(breaker));
        throttles.values().removeIf(throttle -> ofProvider(throttle.name(), provider, '#') && removed(throttle));
        throttleScopes.removeProvider(provider);
    }

    @Override
    public void forgetKey(String provider, String keyId) {
        Set<String> scopes = throttleScopes.remove(provider, keyId);
        for (String scope : scopes) {
            Throttle dropped = throttles.remove(throttleName(scope, keyId));
            if (dropped != null) {
                removed(dropped);
            }
        }
        lastForgetKeyVisits = scopes.size();
    }

    /** A model made room for another: its breaker goes with it. */
    private void dropBreaker(String provider, String model) {
        CircuitBreaker dropped = breakers.remove(provider + "/" + model);
        if (dropped != null) {
            removed(dropped);
        }
    }

    /** {@code name} is the provider's: the provider itself, or what follows it after {@code separator}. */
    private static boolean ofProvider(String name, String provider, char separator) {
        return name.startsWith(provider) && (name.length() == provider.length() || name.charAt(provider.length()) == separator
                || separator == '#' && name.charAt(provider.length()) == '/');
    }

    private boolean removed(CircuitBreaker breaker) {
        breakerListeners.forEach(listener -> listener.onRemoved(breaker));
        return true;
    }

    private boolean removed(Throttle throttle) {
        throttleListeners.forEach(listener -> listener.onRemoved(throttle));
        return true;
    }

    /** @param scope a provider, or a provider's model for a chain step that names one */
    private Throttle newThrottle(String name, String scope, String keyId) {
        int slash = scope.indexOf('/');
        String provider = slash < 0 ? scope : scope.substring(0, slash);
        providersWithState.add(provider);
        throttleScopes.add(provider, keyId, scope);
        Throttle throttle = new Throttle(name, throttleSettings, clock, fleet.instances());
        throttleListeners.forEach(throttle::addListener);
        throttleListeners.forEach(listener -> listener.onCreated(throttle));
        return throttle;
    }
}
