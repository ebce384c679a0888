package io.llmfailover.runtime.state.fleet;

import io.llmfailover.runtime.config.FailoverConfig;
import io.llmfailover.runtime.resilience.breaker.BreakerListener;
import io.llmfailover.runtime.resilience.breaker.BreakerState;
import io.llmfailover.runtime.resilience.breaker.CircuitBreaker;
import io.llmfailover.runtime.resilience.quota.SharedBuckets;
import io.llmfailover.runtime.resilience.throttle.SilenceReason;
import io.llmfailover.runtime.resilience.throttle.Throttle;
import io.llmfailover.runtime.resilience.throttle.ThrottleListener;
import io.llmfailover.runtime.state.FleetShare;
import io.llmfailover.runtime.state.LocalResilienceState;
import io.llmfailover.runtime.state.ProviderControls;
import io.llmfailover.runtime.state.ResilienceState;
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
 *
 * <p>What the fleet tells is input, never trusted: a duration is at most this instance's own
 * {@code breaker.open-duration} or {@code throttle.max-silence}, counted on its own monotonic
 * clock; it applies to a breaker or throttle this instance already has, or is held, bounded, until
 * this instance first uses that name ({@link HeldUntilUsed}), and only for a provider it knows.
 */
public final class FleetState implements ResilienceState, AutoCloseable {

    private final FleetStore store;
    private final Set<String> providers;
    private final int probes;
    private final long probeWindowMillis;
    private final long longestOpeningNanos;
    private final long longestSilenceNanos;
    private final LocalResilienceState local;
    private final SharedBuckets buckets;
    private final HeldUntilUsed heldOpenings;
    private final HeldUntilUsed heldSilences;
    private final FleetLog log;
    /** Set while this instance applies what the fleet told it: such changes are not told back. */
    private final ThreadLocal<Boolean> applying = new ThreadLocal<>();

    private FleetState(FailoverConfig config, FleetStore store, Clock clock, Set<String> providers,
            List<BreakerListener> breakerListeners, List<ThrottleListener> throttleListeners) {
        this.store = store;
        this.providers = Set.copyOf(providers);
        this.probes = config.breaker().halfOpenProbes();
        this.probeWindowMillis = Math.max(1000, config.breaker().openDuration().toMillis());
        this.longestOpeningNanos = nanosOf(config.breaker().openDuration());
        this.longestSilenceNanos = nanosOf(config.throttle().maxSilence());
        this.buckets = new FleetBuckets(store);
        this.heldOpenings = new HeldUntilUsed(clock);
        this.heldSilences = new HeldUntilUsed(clock);
        this.log = new FleetLog(clock);
        Outbound outbound = new Outbound();
        this.local = new LocalResilienceState(config.breaker(), config.throttle(), clock,
                with(breakerListeners, outbound), with(throttleListeners, outbound), config.namedModels(),
                new FleetShare(this::mayProbe, store::instances));
    }

    /**
     * @param providers the providers this instance knows (configured, or in the catalogue): what the
     *     fleet says of any other is ignored, unless this instance already has state of it (an Azure
     *     resource it called), so that nothing in the store can grow this instance's state
     */
    public static FleetState start(FailoverConfig config, FleetStore store, Clock clock, Set<String> providers,
            List<BreakerListener> breakerListeners, List<ThrottleListener> throttleListeners) {
        FleetState state = new FleetState(config, store, clock, providers, breakerListeners, throttleListeners);
        store.subscribe(state.new Inbound());
        return state;
    }

    @Override
    public int instances() {
        return store.instances();
    }

    @Override
    public boolean reachable() {
        return store.reachable();
    }

    @Override
    public String backend() {
        return "redis";
    }

    @Override
    public CircuitBreaker breaker(String provider, String model) {
        return local.breaker(provider, model);
    }

    @Override
    public Throttle throttle(String provider, String keyId) {
        return local.throttle(provider, keyId);
    }

    @Override
    public void forgetKey(String provider, String keyId) {
        local.forgetKey(provider, keyId);
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

    /** How many names the fleet spoke of that this instance has not used yet: bounded, whatever it says. */
    int heldCount() {
        return heldOpenings.size() + heldSilences.size();
    }

    /** A probe the fleet refuses waits for the fleet's word; one the store cannot answer for goes ahead. */
    private boolean mayProbe(CircuitBreaker breaker) {
        return store.tryTakeProbe(breaker.name(), probes, probeWindowMillis) != 0;
    }

    private void openAsTold(CircuitBreaker breaker, long nanos) {
        applying.set(Boolean.TRUE);
        try {
            breaker.openForFleet(nanos);
        } finally {
            applying.remove();
        }
    }

    private static <T> List<T> with(List<T> listeners, T ours) {
        List<T> all = new ArrayList<>(listeners);
        all.add(ours);
        return all;
    }

    private static long nanosOf(Duration duration) {
        return duration.compareTo(Duration.ofDays(365)) > 0 ? TimeUnit.DAYS.toNanos(365) : duration.toNanos();
    }

    /** Tells the fleet what this instance learnt, as durations: the store ends them on its own clock. */
    private final class Outbound implements BreakerListener, ThrottleListener {

        @Override
        public void onSilenced(Throttle throttle, SilenceReason reason, long untilNanos, Duration length) {
            if (reason.toldToFleet()) {
                store.publishSilence(throttle.name(), length.toMillis());
            }
        }

        @Override
        public void onTransition(CircuitBreaker breaker, BreakerState from, BreakerState to) {
            if (applying.get() != null) {
                return;
            }
            if (to == BreakerState.OPEN && !breaker.openedByDrill()) {
                store.publishOpened(breaker.name(), TimeUnit.NANOSECONDS.toMillis(breaker.nanosUntilPermitted()));
            } else if (to == BreakerState.CLOSED) {
                store.publishClosed(breaker.name());
            }
        }

        /**
         * A throttle made for a call's first use of a key: what the fleet said of it meanwhile
         * applies now, for what is left; ended, the provider had still asked the fleet to slow down.
         */
        @Override
        public void onCreated(Throttle throttle) {
            long nanos = heldSilences.take(throttle.name());
            if (nanos >= 0) {
                throttle.silenceForFleet(TimeUnit.NANOSECONDS.toMillis(nanos));
            }
        }

        /** Ended and not closed since, the opening leaves the breaker due for a probe, which the fleet grants. */
        @Override
        public void onCreated(CircuitBreaker breaker) {
            long nanos = heldOpenings.take(breaker.name());
            if (nanos >= 0) {
                openAsTold(breaker, Math.max(1, nanos));
            }
        }
    }

    /** Applies what the fleet tells, on the store's thread, bounded by this instance's own settings. */
    private final class Inbound implements FleetListener {

        @Override
        public void silenced(String throttle, long millis) {
            long nanos = bounded(millis, longestSilenceNanos);
            if (nanos <= 0) {
                return;
            }
            Throttle known = local.existingThrottle(throttle);
            if (known != null) {
                known.silenceForFleet(TimeUnit.NANOSECONDS.toMillis(nanos));
                log.keySilenced(throttle, nanos);
            } else if (knows(providerOf(throttle))) {
                heldSilences.hold(throttle, nanos);
                log.keySilenced(throttle, nanos);
            }
        }

        @Override
        public void opened(String breaker, long millis) {
            long nanos = bounded(millis, longestOpeningNanos);
            if (nanos <= 0) {
                return;
            }
            CircuitBreaker known = local.existingBreaker(breaker);
            if (known != null) {
                openAsTold(known, nanos);
                log.breakerOpened(breaker, nanos);
            } else if (knows(providerOf(breaker))) {
                heldOpenings.hold(breaker, nanos);
                log.breakerOpened(breaker, nanos);
            }
        }

        @Override
        public void closed(String breaker) {
            heldOpenings.forget(breaker);
            CircuitBreaker known = local.existingBreaker(breaker);
            if (known != null) {
                applying.set(Boolean.TRUE);
                try {
                    known.closeNow();
                } finally {
                    applying.remove();
                }
                log.breakerClosed(breaker);
            }
        }

        /** {@code millis} from the fleet as nanoseconds, at most {@code longestNanos}: what this instance allows. */
        private static long bounded(long millis, long longestNanos) {
            return millis <= 0 ? 0 : Math.min(longestNanos, TimeUnit.MILLISECONDS.toNanos(millis));
        }

        /** A configured or catalogue provider, or one this instance has state of (an Azure resource it called). */
        private boolean knows(String provider) {
            return providers.contains(provider) || local.hasStateOf(provider);
        }

        /**
         * The provider a breaker ({@code provider}, {@code provider/model}) or a throttle
         * ({@code scope#key id}, the scope a provider or {@code provider/model}) is of.
         */
        private static String providerOf(String name) {
            for (int i = 0; i < name.length(); i++) {
                char c = name.charAt(i);
                if (c == '/' || c == '#') {
                    return name.substring(0, i);
                }
            }
            return name;
        }
    }
}
