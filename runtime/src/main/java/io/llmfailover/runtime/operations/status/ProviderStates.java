package io.llmfailover.runtime.operations.status;

import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.resilience.breaker.CircuitBreaker;
import io.llmfailover.runtime.resilience.throttle.Throttle;
import io.llmfailover.runtime.state.ProviderControls;
import io.llmfailover.runtime.walk.LastFailures;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** The operator's entry point: each configured provider's state, and the breakers they may force. */
public final class ProviderStates {

    private final Map<String, Provider> providers;
    private final ProviderControls controls;
    private final LastFailures lastFailures;

    public ProviderStates(Map<String, Provider> providers, ProviderControls controls, LastFailures lastFailures) {
        this.providers = providers;
        this.controls = controls;
        this.lastFailures = lastFailures;
    }

    /** The configured providers' names, in file order. */
    public List<String> names() {
        return List.copyOf(providers.keySet());
    }

    public Optional<ProviderStatus> of(String name) {
        Provider provider = providers.get(name);
        return provider == null ? Optional.empty() : Optional.of(snapshot(provider));
    }

    public List<ProviderStatus> all() {
        return providers.values().stream().map(this::snapshot).toList();
    }

    /** Takes a configured provider out until {@link #forceClose}; false for a name the config does not have. */
    public boolean forceOpen(String name) {
        if (!providers.containsKey(name)) {
            return false;
        }
        controls.forceOpen(name);
        return true;
    }

    public boolean forceClose(String name) {
        if (!providers.containsKey(name)) {
            return false;
        }
        controls.forceClose(name);
        return true;
    }

    private ProviderStatus snapshot(Provider provider) {
        String name = provider.name();
        List<ProviderStatus.Breaker> breakers = new ArrayList<>();
        for (CircuitBreaker breaker : controls.breakersOf(name)) {
            breakers.add(new ProviderStatus.Breaker(modelOf(name, breaker), breaker.state(),
                    TimeUnit.NANOSECONDS.toMillis(breaker.nanosUntilPermitted())));
        }
        List<ProviderStatus.Key> keys = new ArrayList<>();
        controls.throttlesOf(name).forEach((keyId, throttle) -> keys.add(key(keyId, throttle)));
        return new ProviderStatus(name, provider.baseUrl().toString(), controls.forcedOpen(name), breakers, keys,
                lastFailures.of(name));
    }

    private static ProviderStatus.Key key(String keyId, Throttle throttle) {
        return new ProviderStatus.Key(keyId, throttle.limit(), throttle.inFlight(),
                TimeUnit.NANOSECONDS.toMillis(throttle.nanosUntilAllowed()));
    }

    /** Breakers are named {@code <provider>/<model>}, or {@code <provider>} when models share one. */
    private static String modelOf(String provider, CircuitBreaker breaker) {
        String name = breaker.name();
        return name.length() > provider.length() ? name.substring(provider.length() + 1) : name;
    }
}
