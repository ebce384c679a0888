package io.llmfailover.runtime.gateway;

import io.llmfailover.runtime.config.FailoverConfig;
import io.llmfailover.runtime.keys.AppKeyId;
import io.llmfailover.runtime.keys.KeyFingerprint;
import io.llmfailover.runtime.keys.KeyPool;
import io.llmfailover.runtime.operations.cache.LastResort;
import io.llmfailover.runtime.operations.drill.DrillAnnouncer;
import io.llmfailover.runtime.operations.drill.DrillCount;
import io.llmfailover.runtime.operations.drill.Drills;
import io.llmfailover.runtime.operations.status.ProviderStates;
import io.llmfailover.runtime.operations.status.StatusLog;
import io.llmfailover.runtime.provider.ProviderDirectory;
import io.llmfailover.runtime.resilience.breaker.BreakerListener;
import io.llmfailover.runtime.resilience.quota.QuotaBook;
import io.llmfailover.runtime.resilience.throttle.ThrottleListener;
import io.llmfailover.runtime.route.RouteTable;
import io.llmfailover.runtime.state.LocalResilienceState;
import io.llmfailover.runtime.state.ResilienceState;
import io.llmfailover.runtime.telemetry.CallObserver;
import io.llmfailover.runtime.telemetry.DecisionLog;
import io.llmfailover.runtime.telemetry.otel.Telemetry;
import io.llmfailover.runtime.time.Clock;
import io.llmfailover.runtime.time.Scheduler;
import io.llmfailover.runtime.walk.ChainWalker;
import io.llmfailover.runtime.walk.LastFailures;
import io.llmfailover.runtime.walk.WalkContext;
import java.util.List;

/** Assembles a gateway; the agent adds telemetry's observer and listeners, tests replace the clock or the state store. */
public final class GatewayBuilder {
    private final FailoverConfig config;
    private Clock clock = Clock.SYSTEM;
    private ResilienceState state;
    /** Told what the gateway built reads of its state, for its gauges; null without telemetry. */
    private Telemetry telemetry;
    private CallObserver observer = CallObserver.NOOP;
    private Scheduler scheduler = Scheduler.SYSTEM;
    private Scheduler operating = Scheduler.OPERATING;
    private List<BreakerListener> breakerListeners = List.of();
    private List<ThrottleListener> throttleListeners = List.of();
    private Gateway previous;

    GatewayBuilder(FailoverConfig config) {
        this.config = config;
    }

    public GatewayBuilder clock(Clock clock) {
        this.clock = clock;
        return this;
    }

    /** The timer of deadlines, and of the operator's chores too unless {@link #operating} says otherwise. */
    public GatewayBuilder scheduler(Scheduler scheduler) {
        this.scheduler = scheduler;
        this.operating = scheduler;
        return this;
    }

    /** The timer of the status page and drill reminders, apart from the deadlines'. */
    public GatewayBuilder operating(Scheduler operating) {
        this.operating = operating;
        return this;
    }

    public GatewayBuilder state(ResilienceState state) {
        this.state = state;
        return this;
    }

    public GatewayBuilder observer(CallObserver observer) {
        this.observer = observer;
        return this;
    }

    /**
     * Told about every breaker transition and throttle change of the default, local state
     * (telemetry's listeners); ignored when {@link #state} supplies another store.
     */
    public GatewayBuilder listeners(BreakerListener breakerListener, ThrottleListener throttleListener) {
        this.breakerListeners = List.of(breakerListener);
        this.throttleListeners = List.of(throttleListener);
        return this;
    }

    /** Telemetry's observer and listeners, in one go. */
    public GatewayBuilder telemetry(Telemetry telemetry) {
        this.telemetry = telemetry;
        return observer(telemetry.observer())
                .listeners(telemetry.breakerListener(), telemetry.throttleListener());
    }

    /** The instance's own state, or, with {@code state.backend = redis}, its share of the fleet's. */
    private ResilienceState defaultState() {
        if (config.fleet().redis()) {
            return FleetBackend.start(config, clock, breakerListeners, throttleListeners);
        }
        return new LocalResilienceState(config.breaker(), config.throttle(), clock, breakerListeners, throttleListeners,
                config.namedModels());
    }

    /**
     * Builds the gateway of a reloaded config in place of {@code previous}: breakers, throttles,
     * quotas and last failures of every provider whose definition did not change are kept.
     */
    public GatewayBuilder carryingOver(Gateway previous) {
        this.previous = previous;
        return this;
    }

    public Gateway build() {
        ProviderDirectory directory = ProviderDirectory.of(config.providers().values());
        RouteTable routes = RouteTable.of(config.routes(), name -> directory.byName(name)
                .orElseThrow(() -> new IllegalStateException("route names unknown provider " + name)));
        CarriedOver carried = previous == null ? null : CarriedOver.from(previous, config);
        ResilienceState resilience = state != null ? state : carried != null && carried.state() != null
                ? carried.state() : defaultState();
        if (carried != null) {
            carried.keepForcedOpen(resilience.controls());
        }
        DrillCount drilled = new DrillCount();
        Runnable stopDrill = DrillAnnouncer.start(config.operating().drills(), operating, drilled);
        QuotaBook quotas = carried != null ? carried.quotas(config)
                : new QuotaBook(config.shaping(), clock, resilience.sharedQuotas());
        KeyPool keys = carried != null ? carried.keys(config, resilience, quotas)
                : new KeyPool(resilience, quotas, new AppKeyId(KeyFingerprint.salted(config.keySalt())),
                        config.providers().values());
        WalkContext context = WalkContext.of(config, resilience, keys, quotas,
                carried != null ? carried.lastFailures() : new LastFailures(clock),
                carried != null && carried.cache() != null ? carried.cache()
                        : LastResort.of(config.shaping().cache(), clock, keys.appKeyIds()),
                Drills.of(config.operating().drills(), scheduler, drilled), withDecisionLog(observer), clock, scheduler);
        ChainWalker engine = new ChainWalker(context);
        if (telemetry != null) {
            telemetry.read(GatewayStateReadings.of(config, context.queue(), resilience));
        }
        ProviderStates states = new ProviderStates(config.providers(), resilience.controls(), context.lastFailures());
        Runnable stopStatus = StatusLog.start(states, config.operating().statusInterval(), operating, clock);
        return new Gateway(directory, routes, engine, states, config, resilience, List.of(stopDrill, stopStatus));
    }

    /** The call observer, plus a line per call when {@code agent.log.level = debug}. */
    private static CallObserver withDecisionLog(CallObserver observer) {
        return DecisionLog.enabled() ? observer.andThen(new DecisionLog()) : observer;
    }
}
