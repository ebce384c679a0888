package io.llmfailover.runtime.failover;

import io.llmfailover.runtime.cache.LastResort;
import io.llmfailover.runtime.call.GovernedCall;
import io.llmfailover.runtime.config.CallBudget;
import io.llmfailover.runtime.config.FailoverConfig;
import io.llmfailover.runtime.config.ProviderLimits;
import io.llmfailover.runtime.config.TrafficShaping;
import io.llmfailover.runtime.drill.Drills;
import io.llmfailover.runtime.http.Answer;
import io.llmfailover.runtime.http.Transport;
import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.queue.CallQueue;
import io.llmfailover.runtime.queue.QueuePlace;
import io.llmfailover.runtime.quota.QuotaBook;
import io.llmfailover.runtime.quota.TokenEstimate;
import io.llmfailover.runtime.route.Route;
import io.llmfailover.runtime.state.ResilienceState;
import io.llmfailover.runtime.telemetry.CallObserver;
import io.llmfailover.runtime.telemetry.CallScope;
import io.llmfailover.runtime.time.Clock;
import io.llmfailover.runtime.time.Scheduler;
import java.io.IOException;
import java.time.Duration;

/** The parts every call's walk along its chain shares: state, key pools, planning, classification. */
public final class FailoverEngine {

    private final ResilienceState state;
    private final KeyPool keys;
    private final AttemptPlanner planner;
    private final ResponseClassifier classifier;
    private final Duration firstByteTimeout;
    private final Duration headTimeout;
    private final CallObserver observer;
    private final Clock clock;
    private final Scheduler scheduler;
    private final FailoverLog failoverLog;
    private final CallBudget budget;
    private final int defaultMaxTokens;
    private final LastResort lastResort;
    private final TrafficShaping shaping;
    private final CallQueue queue;
    private final Drills drills;
    private final LastFailures lastFailures;
    private final QuotaBook quotas;
    private final boolean streamResume;

    public FailoverEngine(FailoverConfig config, ResilienceState state, AttemptPlanner planner, CallObserver observer,
            Clock clock, Scheduler scheduler) {
        this(config, state, planner, observer, clock, scheduler, LastResort.OFF);
    }

    public FailoverEngine(FailoverConfig config, ResilienceState state, AttemptPlanner planner, CallObserver observer,
            Clock clock, Scheduler scheduler, LastResort lastResort) {
        this(config, state, planner, observer, clock, scheduler, lastResort, Drills.NONE);
    }

    public FailoverEngine(FailoverConfig config, ResilienceState state, AttemptPlanner planner, CallObserver observer,
            Clock clock, Scheduler scheduler, LastResort lastResort, Drills drills) {
        this(config, state, planner, observer, clock, scheduler, lastResort, drills,
                new QuotaBook(config.shaping(), clock, state.sharedQuotas()), new LastFailures(clock));
    }

    /**
     * @param quotas what keys have spent of their quotas: a fresh book, or the one a reload carried over
     * @param lastFailures the last failure of each provider: empty, or carried over by a reload
     */
    public FailoverEngine(FailoverConfig config, ResilienceState state, AttemptPlanner planner, CallObserver observer,
            Clock clock, Scheduler scheduler, LastResort lastResort, Drills drills, QuotaBook quotas,
            LastFailures lastFailures) {
        this(config, state, planner, observer, clock, scheduler, lastResort, drills, quotas, lastFailures,
                new KeyPool(state, quotas, new AppKeyId(KeyFingerprint.salted(config.keySalt())),
                        config.providers().values()));
    }

    /**
     * @param keys the providers' keys and the ids of the app's credentials, over this state and these
     *     quotas: a new pool, or the one a reload carried over; the last-resort cache names credentials as it does
     */
    public FailoverEngine(FailoverConfig config, ResilienceState state, AttemptPlanner planner, CallObserver observer,
            Clock clock, Scheduler scheduler, LastResort lastResort, Drills drills, QuotaBook quotas,
            LastFailures lastFailures, KeyPool keys) {
        this.lastResort = lastResort;
        this.drills = drills;
        this.lastFailures = lastFailures;
        this.quotas = quotas;
        this.streamResume = config.operating().streamResume();
        this.state = state;
        this.keys = keys;
        this.defaultMaxTokens = config.defaultMaxTokens();
        this.planner = planner;
        this.classifier = new ResponseClassifier(config.failoverOn());
        this.firstByteTimeout = config.firstByteTimeout();
        this.headTimeout = config.headTimeout();
        this.observer = observer;
        this.clock = clock;
        this.scheduler = scheduler;
        this.failoverLog = new FailoverLog(clock);
        this.budget = config.budget();
        this.shaping = config.shaping();
        this.queue = new CallQueue(shaping.queue(), clock, scheduler);
    }

    /**
     * @throws IOException the transport exception of the addressed provider, when nothing answered;
     *     the app's own cancellation ({@link java.io.InterruptedIOException}); or, when the runtime
     *     failed after a request was sent and had no answer to give, {@link
     *     io.llmfailover.runtime.AgentFailureAfterSending}
     * @throws RuntimeException only for an internal failure before any attempt was handed to the transport
     */
    public Answer execute(GovernedCall call, Route route, Transport transport) throws IOException {
        return execute(call, route, transport, observer.callStarted(call, route));
    }

    /** A call that finishes {@code brokenProvider}'s broken stream along the rest of the chain ({@code stream.resume}). */
    Answer resume(GovernedCall continuing, Route rest, Transport transport, String brokenProvider) throws IOException {
        CallScope scope = observer.callStarted(continuing, rest);
        scope.resumes(brokenProvider);
        return execute(continuing, rest, transport, scope);
    }

    private Answer execute(GovernedCall call, Route route, Transport transport, CallScope scope) throws IOException {
        try {
            return new ChainWalk(call, route, transport, scope, this).run();
        } catch (IOException | RuntimeException | Error failure) {
            scope.failed(failure);
            throw failure;
        }
    }

    ResilienceState state() {
        return state;
    }

    /** The keys of every provider, and the ids that name them and the app's credentials. */
    public KeyPool keys() {
        return keys;
    }

    AttemptPlanner planner() {
        return planner;
    }

    ResponseClassifier classifier() {
        return classifier;
    }

    Clock clock() {
        return clock;
    }

    Scheduler scheduler() {
        return scheduler;
    }

    FailoverLog failoverLog() {
        return failoverLog;
    }

    /** The tokens {@code call} will use with {@code model}, estimated when a quota first asks. */
    TokenEstimate tokenEstimate(GovernedCall call, String model) {
        return new TokenEstimate(call.source().body(), model, defaultMaxTokens);
    }

    CallBudget budget() {
        return budget;
    }

    public LastResort lastResort() {
        return lastResort;
    }

    Drills drills() {
        return drills;
    }

    /** {@code stream.resume}: whether a broken text stream is finished by the chain's next provider. */
    boolean resumesStreams() {
        return streamResume;
    }

    /** The last failure each provider gave this instance, for the operator's view. */
    public LastFailures lastFailures() {
        return lastFailures;
    }

    /** What each key has spent of its quotas. */
    public QuotaBook quotas() {
        return quotas;
    }

    /** Where calls wait when every step of their chain is silenced or over its limit. */
    public CallQueue queue() {
        return queue;
    }

    /**
     * The call's place in the queue: in the line of its route and of the credential it carries, so
     * that one tenant's silenced key holds up no other tenant. Calls no route matches share the route
     * name "(none)": their line is their provider's. Nothing is worked out while the queue is off.
     */
    QueuePlace queuePlace(GovernedCall call, Route route) {
        if (!queue.enabled()) {
            return queue.off();
        }
        return queue.place(route.name(), route.provider(), keys.appKeyIds().of(call.request()));
    }

    ProviderLimits limitsOf(Provider provider) {
        return shaping.limitsOf(provider.name());
    }

    /** How long a call on {@code route} waits for its first attempt's content before hedging; 0 for never. */
    long hedgeAfterNanos(Route route) {
        Duration after = route.hedgeAfter() != null ? route.hedgeAfter() : shaping.hedgeAfter();
        return after.toNanos();
    }

    Duration firstByteTimeout() {
        return firstByteTimeout;
    }

    /** The wait for an attempt's head: the first-byte timeout for a stream, {@code timeout.head} otherwise. */
    Duration headTimeout(boolean streamed) {
        return streamed ? firstByteTimeout : headTimeout;
    }
}
