package io.llmfailover.runtime.testing;

import io.llmfailover.runtime.resilience.breaker.CircuitBreaker;
import io.llmfailover.runtime.resilience.quota.SharedBuckets;
import io.llmfailover.runtime.resilience.throttle.Throttle;
import io.llmfailover.runtime.state.ProviderControls;
import io.llmfailover.runtime.state.ResilienceState;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** A state store that remembers every breaker and throttle it handed out, so a test can check them all afterwards. */
public final class RecordingResilienceState implements ResilienceState {

    private final ResilienceState store;
    private final Set<CircuitBreaker> breakers = ConcurrentHashMap.newKeySet();
    private final Set<Throttle> throttles = ConcurrentHashMap.newKeySet();

    public RecordingResilienceState(ResilienceState store) {
        this.store = store;
    }

    @Override
    public CircuitBreaker breaker(String provider, String model) {
        CircuitBreaker breaker = store.breaker(provider, model);
        breakers.add(breaker);
        return breaker;
    }

    @Override
    public Throttle throttle(String provider, String keyId) {
        Throttle throttle = store.throttle(provider, keyId);
        throttles.add(throttle);
        return throttle;
    }

    @Override
    public void forgetKey(String provider, String keyId) {
        store.forgetKey(provider, keyId);
    }

    @Override
    public SharedBuckets sharedQuotas() {
        return store.sharedQuotas();
    }

    @Override
    public ProviderControls controls() {
        return store.controls();
    }

    public List<CircuitBreaker> breakers() {
        return List.copyOf(breakers);
    }

    public List<Throttle> throttles() {
        return List.copyOf(throttles);
    }
}
