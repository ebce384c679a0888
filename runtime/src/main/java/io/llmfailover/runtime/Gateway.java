package io.llmfailover.runtime;

import io.llmfailover.runtime.breaker.BreakerListener;
import io.llmfailover.runtime.cache.LastResort;
import io.llmfailover.runtime.call.CallRecognizer;
import io.llmfailover.runtime.call.GovernedCall;
import io.llmfailover.runtime.config.FailoverConfig;
import io.llmfailover.runtime.drill.DrillAnnouncer;
import io.llmfailover.runtime.drill.DrillCount;
import io.llmfailover.runtime.drill.Drills;
import io.llmfailover.runtime.failover.AppKeyId;
import io.llmfailover.runtime.failover.FailoverEngine;
import io.llmfailover.runtime.failover.KeyFingerprint;
import io.llmfailover.runtime.failover.KeyPool;
import io.llmfailover.runtime.failover.LastFailures;
import io.llmfailover.runtime.failover.WalkContext;
import io.llmfailover.runtime.http.Answer;
import io.llmfailover.runtime.http.AttemptRequest;
import io.llmfailover.runtime.http.LlmRequest;
import io.llmfailover.runtime.http.LlmResponse;
import io.llmfailover.runtime.http.Transport;
import io.llmfailover.runtime.provider.BaseUrl;
import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.provider.ProviderDirectory;
import io.llmfailover.runtime.queue.CallQueue;
import io.llmfailover.runtime.quota.QuotaBook;
import io.llmfailover.runtime.route.Route;
import io.llmfailover.runtime.route.RouteHeader;
import io.llmfailover.runtime.route.RouteTable;
import io.llmfailover.runtime.state.LocalResilienceState;
import io.llmfailover.runtime.state.ProviderControls;
import io.llmfailover.runtime.state.fleet.FleetBackend;
import io.llmfailover.runtime.state.ResilienceState;
import io.llmfailover.runtime.status.ProviderStates;
import io.llmfailover.runtime.status.StatusLog;
import io.llmfailover.runtime.telemetry.CallObserver;
import io.llmfailover.runtime.telemetry.DecisionLog;
import io.llmfailover.runtime.telemetry.Telemetry;
import io.llmfailover.runtime.throttle.ThrottleListener;
import io.llmfailover.runtime.time.Clock;
import io.llmfailover.runtime.time.Scheduler;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The runtime's one entry point for an agent adapter: "is this request mine?" and "run it".
 * Everything behind it (routing, breakers, throttles, translation, telemetry) is the runtime's;
 * everything in front of it (the HTTP client's types) is the adapter's.
 */
public final class Gateway {

    private final ProviderDirectory directory;
    private final RouteTable routes;
    private final FailoverEngine engine;
    private final long bufferLimit;
    private final ProviderStates providerStates;
    private final FailoverConfig config;
    private final ResilienceState state;
    /** Stops what this gateway repeats on the timer (status page, drill reminders) once a reload replaced it. */
    private final List<Runnable> onRetire;

    private Gateway(ProviderDirectory directory, RouteTable routes, FailoverEngine engine, ProviderStates providerStates,
            FailoverConfig config, ResilienceState state, List<Runnable> onRetire) {
        this.directory = directory;
        this.routes = routes;
        this.engine = engine;
        this.bufferLimit = config.bufferMaxBytes();
        this.providerStates = providerStates;
        this.config = config;
        this.state = state;
        this.onRetire = onRetire;
    }

    /** The configuration this gateway runs. */
    public FailoverConfig config() {
        return config;
    }

    /**
     * A reload replaced this gateway: what it repeats stops. Calls already running on it finish on
     * it; its state lives on in the gateway that carried it over.
     */
    public void retire() {
        onRetire.forEach(Runnable::run);
    }

    public static Gateway create(FailoverConfig config) {
        return builder(config).build();
    }

    public static Builder builder(FailoverConfig config) {
        return new Builder(config);
    }

    /**
     * A cheap check made on every outgoing request, before a body byte is read: true only for a
     * governed operation (a generation call) to a provider's host. False means the adapter must
     * leave the call alone: no buffering, no runtime involvement.
     */
    public boolean governs(String method, URI uri) {
        if (!directory.governs(uri)) {
            return false;
        }
        return directory.addressed(uri)
                .map(provider -> CallRecognizer.operationOf(provider.protocol(), method, uri.getRawPath()) != null)
                .orElse(false);
    }

    /**
     * Whether {@code uri} goes to a provider's host (scheme, host and port), whatever the operation:
     * the agent's own {@code x-llm-route} header is taken off every such request, governed or not.
     */
    public boolean reachesProvider(URI uri) {
        return directory.governs(uri);
    }

    /** Where calls wait when every step of their chain is silenced or over its limit. */
    public CallQueue queue() {
        return walks().queue();
    }

    /** What every call's walk shares: state, keys, quotas, the operator's views. */
    private WalkContext walks() {
        return engine.context();
    }

    /** {@code buffer.max-bytes}: a governed body larger than this is sent as the app made it, ungoverned. */
    public long bufferLimit() {
        return bufferLimit;
    }

    /** The operator's view of each configured provider, and the breakers they may force. */
    public ProviderStates providerStates() {
        return providerStates;
    }

    /**
     * Runs one logical call through its route's chain.
     *
     * @return the answer the app gets: when {@link Answer#isOwn()}, the adapter hands the app its
     *     client's native response; otherwise it builds one from the status, headers and body
     * @throws IOException the addressed provider's own transport exception, when nothing answered;
     *     an {@link java.io.InterruptedIOException} when the app cancelled the call (nothing more is
     *     tried); {@link AgentFailureAfterSending} when the runtime failed after an attempt was
     *     handed to the transport and had no answer to give: never to be re-sent
     * @throws AgentFailure only when the runtime failed before any attempt was handed to the
     *     transport; the adapter then lets the original call proceed as if the agent were absent.
     *     Once an attempt was handed over, an internal failure surfaces as the best answer so far
     *     (a provider's own error, the exhaustion answer), or as {@link AgentFailureAfterSending}.
     */
    public Answer execute(LlmRequest request, Transport transport) throws IOException {
        Optional<GovernedCall> recognized;
        Route route;
        try {
            recognized = directory.addressed(request.uri())
                    .flatMap(provider -> CallRecognizer.recognize(provider, request));
            route = recognized.isEmpty() ? null : routes.routeFor(recognized.get().addressed(),
                    recognized.get().source().model(), RouteHeader.of(request.headers()));
        } catch (RuntimeException internal) {
            throw new AgentFailure("could not route " + request, internal);
        }
        if (recognized.isEmpty()) {
            // Outside the try: what the transport throws once it has the request is never failed open.
            LlmResponse own = transport.send(AttemptRequest.originalAsIs(request));
            return Answer.own(own, own);
        }
        try {
            return engine.execute(recognized.get(), route, transport);
        } catch (RuntimeException internal) {
            // The engine lets a RuntimeException out only when no attempt was handed to the transport.
            throw new AgentFailure("failed before sending " + request, internal);
        }
    }

    /** The call observer, plus a line per call when {@code agent.log.level = debug}. */
    private static CallObserver withDecisionLog(CallObserver observer) {
        return DecisionLog.enabled() ? observer.andThen(new DecisionLog()) : observer;
    }

    /**
     * Why {@link #governs} said no, for {@code agent.log.level = debug}: the one line that tells an
     * operator why a call was not failed over. Null for a call that neither goes to a provider's
     * host nor looks like a generation call (the app's other traffic, the agent's own export):
     * nothing to explain. Never called on the hot path otherwise.
     */
    public String whyNotGoverned(String method, URI uri) {
        String origin = uri.getScheme() + "://" + uri.getHost() + ":" + uri.getPort();
        boolean providersHost = directory.governs(uri);
        if (!providersHost && !CallRecognizer.looksLikeGeneration(method, uri.getRawPath())) {
            return null;
        }
        Optional<Provider> nearest = directory.nearestConfigured(uri);
        if (nearest.isPresent()) {
            return "the nearest provider, " + nearest.get().name() + " (" + nearest.get().baseUrl() + "), differs: "
                    + differences(uri, nearest.get().baseUrl()) + " (a call is governed when its scheme, host and "
                    + "port are those of a provider's url and its path lies under that url's path)";
        }
        if (!providersHost) {
            return "no provider at " + origin + " (scheme, host and port must be a provider's url; names are not resolved)";
        }
        return directory.addressed(uri)
                .map(provider -> method + " " + uri.getRawPath() + " is not a generation call of " + provider.name()
                        + " (only those are governed; everything else passes through)")
                .orElse("no provider's url is a prefix of " + origin + uri.getRawPath());
    }

    /** What sets a call apart from a provider's base URL on the same host and port: its scheme, its path. */
    private static String differences(URI call, URI base) {
        List<String> differs = new ArrayList<>();
        if (!String.valueOf(call.getScheme()).equalsIgnoreCase(base.getScheme())) {
            differs.add("the call's scheme is " + call.getScheme() + ", the provider's " + base.getScheme());
        }
        if (!BaseUrl.isUnder(String.valueOf(call.getRawPath()), base.getRawPath())) {
            differs.add("the call's path " + call.getRawPath() + " is not under the provider's " + base.getRawPath());
        }
        return String.join(", ", differs);
    }

    /** Assembles a gateway; the agent adds telemetry's observer and listeners, tests replace the clock or the state store. */
    public static final class Builder {
        private final FailoverConfig config;
        private Clock clock = Clock.SYSTEM;
        private ResilienceState state;
        private CallObserver observer = CallObserver.NOOP;
        private Scheduler scheduler = Scheduler.SYSTEM;
        private Scheduler operating = Scheduler.OPERATING;
        private List<BreakerListener> breakerListeners = List.of();
        private List<ThrottleListener> throttleListeners = List.of();
        private Gateway previous;

        private Builder(FailoverConfig config) {
            this.config = config;
        }

        public Builder clock(Clock clock) {
            this.clock = clock;
            return this;
        }

        /** The timer of deadlines, and of the operator's chores too unless {@link #operating} says otherwise. */
        public Builder scheduler(Scheduler scheduler) {
            this.scheduler = scheduler;
            this.operating = scheduler;
            return this;
        }

        /** The timer of the status page and drill reminders, apart from the deadlines'. */
        public Builder operating(Scheduler operating) {
            this.operating = operating;
            return this;
        }

        public Builder state(ResilienceState state) {
            this.state = state;
            return this;
        }

        public Builder observer(CallObserver observer) {
            this.observer = observer;
            return this;
        }

        /**
         * Told about every breaker transition and throttle change of the default, local state
         * (telemetry's listeners); ignored when {@link #state} supplies another store.
         */
        public Builder listeners(BreakerListener breakerListener, ThrottleListener throttleListener) {
            this.breakerListeners = List.of(breakerListener);
            this.throttleListeners = List.of(throttleListener);
            return this;
        }

        /** Telemetry's observer and listeners, in one go. */
        public Builder telemetry(Telemetry telemetry) {
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
        public Builder carryingOver(Gateway previous) {
            this.previous = previous;
            return this;
        }

        public Gateway build() {
            ProviderDirectory directory = ProviderDirectory.of(config);
            RouteTable routes = RouteTable.of(config.routes(), name -> directory.byName(name)
                    .orElseThrow(() -> new IllegalStateException("route names unknown provider " + name)));
            Carried carried = previous == null ? null : Carried.from(previous, config);
            ResilienceState resilience = state != null ? state : carried != null && carried.state() != null
                    ? carried.state() : defaultState();
            if (carried != null) {
                carried.keepForcedOpen(resilience.controls());
            }
            DrillCount drilled = new DrillCount();
            Runnable stopDrill = DrillAnnouncer.start(config.operating().drills(), operating, drilled);
            QuotaBook quotas = carried != null ? previous.walks().quotas().carriedOver(config.shaping(), carried.changed())
                    : new QuotaBook(config.shaping(), clock, resilience.sharedQuotas());
            // a reload keeps naming keys, and bounding the app's, as the state and quotas it carries do
            KeyPool keys = carried != null
                    ? previous.walks().keys().carriedOver(resilience, quotas, config.providers().values(), carried.changed())
                    : new KeyPool(resilience, quotas, new AppKeyId(KeyFingerprint.salted(config.keySalt())),
                            config.providers().values());
            WalkContext context = WalkContext.of(config, resilience, keys, quotas,
                    carried != null ? previous.walks().lastFailures().carriedOver(carried.changed()) : new LastFailures(clock),
                    carried != null && carried.cache() != null ? carried.cache()
                            : LastResort.of(config.shaping().cache(), clock, keys.appKeyIds()),
                    Drills.of(config.operating().drills(), scheduler, drilled), withDecisionLog(observer), clock, scheduler);
            FailoverEngine engine = new FailoverEngine(context);
            ProviderStates states = new ProviderStates(config.providers(), resilience.controls(), context.lastFailures());
            Runnable stopStatus = StatusLog.start(states, config.operating().statusInterval(), operating, clock);
            return new Gateway(directory, routes, engine, states, config, resilience, List.of(stopDrill, stopStatus));
        }
    }

    /**
     * What a reloaded gateway takes over from the one it replaces.
     *
     * @param state the breakers and throttles, when their settings did not change (the providers in
     *     {@code changed} forgotten); null for a fresh state
     * @param cache the last-resort cache, when its settings did not change; else null
     * @param changed providers added, removed or redefined (url, protocol, keys, models, quotas)
     * @param forcedOpen providers an operator took out ({@code forceOpen}) that the reload keeps:
     *     they stay out, whatever the reload changed, until {@code forceClose}
     */
    private record Carried(ResilienceState state, LastResort cache, Set<String> changed, Set<String> forcedOpen) {

        static Carried from(Gateway previous, FailoverConfig next) {
            FailoverConfig old = previous.config;
            Set<String> changed = ProviderChanges.between(old, next);
            Set<String> forcedOpen = next.providers().keySet().stream()
                    .filter(previous.state.controls()::forcedOpen)
                    .collect(Collectors.toSet());
            boolean sameRules = old.breaker().equals(next.breaker()) && old.throttle().equals(next.throttle());
            ResilienceState state = null;
            // Fleet mode is joined or left, and its rules changed, only at a restart: the state stays.
            if (sameRules || old.fleet().redis() || !old.fleet().equals(next.fleet())) {
                state = previous.state;
                changed.forEach(state.controls()::forget);
            }
            LastResort cache = old.shaping().cache().equals(next.shaping().cache()) ? previous.walks().lastResort() : null;
            return new Carried(state, cache, changed, forcedOpen);
        }

        /** Takes out again, in the state the reload runs on, each provider the operator had taken out. */
        void keepForcedOpen(ProviderControls controls) {
            forcedOpen.stream().filter(provider -> !controls.forcedOpen(provider)).forEach(controls::forceOpen);
        }
    }
}
