package io.llmfailover.runtime.gateway;


import io.llmfailover.runtime.config.FailoverConfig;
import io.llmfailover.runtime.provider.WellKnownProviders;
import io.llmfailover.runtime.resilience.breaker.BreakerListener;
import io.llmfailover.runtime.resilience.throttle.ThrottleListener;
import io.llmfailover.runtime.state.fleet.FleetState;
import io.llmfailover.runtime.state.redis.RedisFleetStore;
import io.llmfailover.runtime.time.Clock;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Starts fleet mode ({@code state.backend = redis}). The only class that names the Redis store: it
 * is loaded when fleet mode is on and never otherwise, so the Redis client's classes are not either.
 */
public final class FleetBackend {

    private FleetBackend() {}

    /** Never fails for Redis being away: the store starts disconnected and keeps trying. */
    public static FleetState start(FailoverConfig config, Clock clock, List<BreakerListener> breakerListeners,
            List<ThrottleListener> throttleListeners) {
        Set<String> providers = new HashSet<>(config.providers().keySet());
        WellKnownProviders.all().forEach(provider -> providers.add(provider.name()));
        FleetState state = FleetState.start(config, new RedisFleetStore(config.fleet()), clock, providers,
                breakerListeners, throttleListeners);
        Thread closing = new Thread(state::close, "llm-failover-redis-close");
        Runtime.getRuntime().addShutdownHook(closing); // what it learnt last still reaches the fleet
        return state;
    }
}
