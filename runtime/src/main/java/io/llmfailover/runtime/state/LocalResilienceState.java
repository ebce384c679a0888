package io.llmfailover.runtime.state;

import io.llmfailover.runtime.breaker.BreakerListener;
import io.llmfailover.runtime.breaker.CircuitBreaker;
import io.llmfailover.runtime.config.BreakerSettings;
import io.llmfailover.runtime.config.ThrottleSettings;
import io.llmfailover.runtime.throttle.Throttle;
import io.llmfailover.runtime.throttle.ThrottleListener;
import io.llmfailover.runtime.time.Clock;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/** Breakers and throttles of this JVM, created on first use. */
public final class LocalResilienceState implements ResilienceState {

    private final ConcurrentMap<String, CircuitBreaker> breakers = new ConcurrentHashMap<>();
    private final ConcurrentMap<String, Throttle> throttles = new ConcurrentHashMap<>();
    private final BreakerSettings breakerSettings;
    private final ThrottleSettings throttleSettings;
    private final Clock clock;
    private final List<BreakerListener> breakerListeners;
    private final List<ThrottleListener> throttleListeners;

    public LocalResilienceState(BreakerSettings breakerSettings, ThrottleSettings throttleSettings, Clock clock,
            List<BreakerListener> breakerListeners, List<ThrottleListener> throttleListeners) {
        this.breakerSettings = breakerSettings;
        this.throttleSettings = throttleSettings;
        this.clock = clock;
        this.breakerListeners = List.copyOf(breakerListeners);
        this.throttleListeners = List.copyOf(throttleListeners);
    }

    @Override
    public CircuitBreaker breaker(String provider, String model) {
        String name = model == null ? provider : provider + "/" + model;
        CircuitBreaker breaker = breakers.get(name);
        return breaker != null ? breaker : breakers.computeIfAbsent(name, this::newBreaker);
    }

    @Override
    public Throttle throttle(String provider, String keyId) {
        String name = provider + "#" + keyId;
        Throttle throttle = throttles.get(name);
        return throttle != null ? throttle : throttles.computeIfAbsent(name, this::newThrottle);
    }

    private CircuitBreaker newBreaker(String name) {
        CircuitBreaker breaker = new CircuitBreaker(name, breakerSettings, clock);
        breakerListeners.forEach(breaker::addListener);
        return breaker;
    }

    private Throttle newThrottle(String name) {
        Throttle throttle = new Throttle(name, throttleSettings, clock);
        throttleListeners.forEach(throttle::addListener);
        return throttle;
    }
}
