package io.llmfailover.runtime.state.fleet;

import io.llmfailover.runtime.breaker.BreakerListener;
import io.llmfailover.runtime.breaker.BreakerState;
import io.llmfailover.runtime.breaker.CircuitBreaker;
import io.llmfailover.runtime.config.FailoverConfig;
import io.llmfailover.runtime.quota.SharedBuckets;
import io.llmfailover.runtime.state.FleetShare;
import io.llmfailover.runtime.state.LocalResilienceState;
import io.llmfailover.runtime.state.ProviderControls;
import io.llmfailover.runtime.state.ResilienceState;
import io.llmfailover.runtime.throttle.SilenceReason;
import io.llmfailover.runtime.throttle.Throttle;
import io.llmfailover.runtime.throttle.ThrottleListener;
import io.llmfailover.runtime.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * An instance's breakers and throttles kept in step with its fleet's through a {@link FleetStore}:
 * what this instance learns (a key silenced, a breaker opened or closed) is told to the fleet, and
 * what the fleet tells is applied here. Calls read local state only; a half-open probe alone asks the
 * store first, so that a recovering provider gets {@code breaker.half-open-probes} probes per
 * {@code breaker.open-duration} from the whole fleet. Each key's concurrency limit ({@code throttle.*})
 * is the fleet's, each live instance holding its share. The configured quotas are shared through
 * {@link #sharedQuotas()}.
 */
public final class FleetState implements ResilienceState, AutoCloseable {

    private final FleetStore store;
    private final Clock clock;
    private final Set<String> providers;
    private final int probes;
    private final long probeWindowMillis;
    private final LocalResilienceState local;
    private final SharedBuckets buckets;
    /** Set while this instance applies what the fleet told it: such changes are not told back. */
    private final ThreadLocal<Boolean> applying = new ThreadLocal<>();

    private FleetState(FailoverConfig config, FleetStore store, Clock clock, Set<String> providers,
            List<BreakerListener> breakerListeners, List<ThrottleListener> throttleListeners) {
        this.store = store;
        this.clock = clock;
        this.providers = Set.copyOf(providers);
        this.probes = config.breaker().halfOpenProbes();
        this.probeWindowMillis = Math.max(1000, config.breaker().openDuration().toMillis());
        this.buckets = new FleetBuckets(store);
        Outbound outbound = new Outbound();
        this.local = new LocalResilienceState(config.breaker(), config.throttle(), clock,
                with(breakerListeners, outbound), with(throttleListeners, outbound), config.namedModels(),
                new FleetShare(this::mayProbe, store::instances));
    }

    /**
     * @param providers the names this instance knows: what the fleet says of any other is ignored,
     *     so that nothing in the store can grow this instance's state without bound
     */
    public static FleetState start(FailoverConfig config, FleetStore store, Clock clock, Set<String> providers,
            List<BreakerListener> breakerListeners, List<ThrottleListener> throttleListeners) {
        FleetState state = new FleetState(config, store, clock, providers, breakerListeners, throttleListeners);
        store.subscribe(state.new Inbound());
        return state;
    }

    @Override
    public CircuitBreaker breaker(String provider, String model) {
        return local.breaker(provider, model);
    }

    @Override
    public Throttle throttle(String provider, String keyId) {
        return local.throttle(provider, keyId);
    }

    /** Forcing a breaker acts on this instance; the fleet hears of the opening as of any other. */
    @Override
    public ProviderControls controls() {
        return local;
    }

    /** The configured quotas, shared with the fleet. */
    @Override
    public SharedBuckets sharedQuotas() {
        return buckets;
    }

    @Override
    public void close() {
        store.close();
    }

    /** A probe the fleet refuses waits for the fleet's word; one the store cannot answer for goes ahead. */
    private boolean mayProbe(CircuitBreaker breaker) {
        return store.tryTakeProbe(breaker.name(), probes, probeWindowMillis) != 0;
    }

    private static <T> List<T> with(List<T> listeners, T ours) {
        List<T> all = new ArrayList<>(listeners);
        all.add(ours);
        return all;
    }

    /** Tells the fleet what this instance learnt. */
    private final class Outbound implements BreakerListener, ThrottleListener {

        @Override
        public void onSilenced(Throttle throttle, SilenceReason reason, long untilNanos, Duration length) {
            if (reason != SilenceReason.FLEET) {
                store.publishSilence(throttle.name(), clock.currentTimeMillis() + length.toMillis());
            }
        }

        @Override
        public void onTransition(CircuitBreaker breaker, BreakerState from, BreakerState to) {
            if (applying.get() != null) {
                return;
            }
            if (to == BreakerState.OPEN) {
                store.publishOpened(breaker.name(),
                        clock.currentTimeMillis() + TimeUnit.NANOSECONDS.toMillis(breaker.nanosUntilPermitted()));
            } else if (to == BreakerState.CLOSED) {
                store.publishClosed(breaker.name());
            }
        }
    }

    /** Applies what the fleet tells, on the store's thread. */
    private final class Inbound implements FleetListener {

        @Override
        public void silenced(String throttle, long untilEpochMillis) {
            int hash = throttle.indexOf('#');
            long waitMillis = untilEpochMillis - clock.currentTimeMillis();
            if (hash > 0 && waitMillis > 0 && knows(throttle.substring(0, hash))) {
                local.throttle(throttle.substring(0, hash), throttle.substring(hash + 1)).silenceForFleet(waitMillis);
            }
        }

        @Override
        public void opened(String breaker, long untilEpochMillis) {
            long waitMillis = untilEpochMillis - clock.currentTimeMillis();
            CircuitBreaker known = known(breaker);
            if (known != null && waitMillis > 0) {
                applying.set(Boolean.TRUE);
                try {
                    known.openUntil(clock.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waitMillis));
                } finally {
                    applying.remove();
                }
            }
        }

        @Override
        public void closed(String breaker) {
            CircuitBreaker known = known(breaker);
            if (known != null) {
                applying.set(Boolean.TRUE);
                try {
                    known.closeNow();
                } finally {
                    applying.remove();
                }
            }
        }

        /** {@code provider} or {@code provider/model}, for a provider this instance knows. */
        private CircuitBreaker known(String breaker) {
            int slash = breaker.indexOf('/');
            String provider = slash < 0 ? breaker : breaker.substring(0, slash);
            if (!knows(provider)) {
                return null;
            }
            return local.breaker(provider, slash < 0 ? null : breaker.substring(slash + 1));
        }

        /** A throttle's scope is a provider, or a provider's model for a chain step that names one. */
        private boolean knows(String scope) {
            int slash = scope.indexOf('/');
            return providers.contains(slash < 0 ? scope : scope.substring(0, slash));
        }
    }
}
