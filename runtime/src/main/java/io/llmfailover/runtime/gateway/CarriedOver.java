package io.llmfailover.runtime.gateway;

import io.llmfailover.runtime.config.FailoverConfig;
import io.llmfailover.runtime.keys.KeyPool;
import io.llmfailover.runtime.operations.cache.LastResort;
import io.llmfailover.runtime.resilience.quota.QuotaBook;
import io.llmfailover.runtime.state.ProviderControls;
import io.llmfailover.runtime.state.ResilienceState;
import io.llmfailover.runtime.walk.LastFailures;
import io.llmfailover.runtime.walk.WalkContext;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a reloaded gateway takes over from the one it replaces: breakers, throttles, quotas, keys and
 * last failures of every provider whose definition did not change.
 *
 * @param previous what the replaced gateway's walks shared
 * @param state the breakers and throttles, when their settings did not change (the providers in
 *     {@code changed} forgotten); null for a fresh state
 * @param cache the last-resort cache, when its settings did not change; else null
 * @param changed providers added, removed or redefined (url, protocol, keys, models, quotas)
 * @param forcedOpen providers an operator took out ({@code forceOpen}) that the reload keeps:
 *     they stay out, whatever the reload changed, until {@code forceClose}
 */
record CarriedOver(WalkContext previous, ResilienceState state, LastResort cache, Set<String> changed,
        Set<String> forcedOpen) {

    static CarriedOver from(Gateway gateway, FailoverConfig next) {
        FailoverConfig old = gateway.config();
        Set<String> changed = ProviderChanges.between(old, next);
        Set<String> forcedOpen = next.providers().keySet().stream()
                .filter(gateway.state().controls()::forcedOpen)
                .collect(Collectors.toSet());
        boolean sameRules = old.breaker().equals(next.breaker()) && old.throttle().equals(next.throttle());
        ResilienceState state = null;
        // Fleet mode is joined or left, and its rules changed, only at a restart: the state stays.
        if (sameRules || old.fleet().redis() || !old.fleet().equals(next.fleet())) {
            state = gateway.state();
            changed.forEach(state.controls()::forget);
        }
        WalkContext previous = gateway.walks();
        LastResort cache = old.shaping().cache().equals(next.shaping().cache()) ? previous.lastResort() : null;
        return new CarriedOver(previous, state, cache, changed, forcedOpen);
    }

    /** Takes out again, in the state the reload runs on, each provider the operator had taken out. */
    void keepForcedOpen(ProviderControls controls) {
        forcedOpen.stream().filter(provider -> !controls.forcedOpen(provider)).forEach(controls::forceOpen);
    }

    QuotaBook quotas(FailoverConfig next) {
        return previous.quotas().carriedOver(next.shaping(), changed);
    }

    /** The keys, naming keys and bounding the app's as before, over the state and quotas the reload carries. */
    KeyPool keys(FailoverConfig next, ResilienceState state, QuotaBook quotas) {
        return previous.keys().carriedOver(state, quotas, next.providers().values(), changed);
    }

    LastFailures lastFailures() {
        return previous.lastFailures().carriedOver(changed);
    }
}
