package io.llmfailover.runtime.walk;


import io.llmfailover.runtime.call.RecognizedCall;
import io.llmfailover.runtime.config.CallBudget;
import io.llmfailover.runtime.config.FailoverConfig;
import io.llmfailover.runtime.config.ProviderLimits;
import io.llmfailover.runtime.keys.KeyPool;
import io.llmfailover.runtime.operations.cache.LastResort;
import io.llmfailover.runtime.operations.drill.Drills;
import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.resilience.queue.CallQueue;
import io.llmfailover.runtime.resilience.queue.QueuePlace;
import io.llmfailover.runtime.resilience.quota.QuotaBook;
import io.llmfailover.runtime.resilience.quota.TokenEstimate;
import io.llmfailover.runtime.route.Route;
import io.llmfailover.runtime.state.ResilienceState;
import io.llmfailover.runtime.telemetry.CallObserver;
import io.llmfailover.runtime.time.Clock;
import io.llmfailover.runtime.time.Scheduler;
import java.time.Duration;

/**
 * What every call's walk along its chain shares: the config, the state, the keys and their quotas,
 * the operator's views, and the clock. Built once per gateway with {@link #of}.
 *
 * @param keys the providers' keys and the ids of the app's credentials: a new pool, or the one a reload carried over
 * @param quotas what each key has spent of its quotas: a fresh book, or the one a reload carried over
 * @param lastFailures the last failure each provider gave this instance, for the operator's view
 * @param queue where calls wait when every step of their chain is silenced or over its limit
 */
public record WalkContext(FailoverConfig config, ResilienceState state, KeyPool keys, QuotaBook quotas,
        LastFailures lastFailures, LastResort lastResort, Drills drills, CallQueue queue, AttemptPlanner planner,
        ResponseClassifier classifier, FailoverLog failoverLog, CallObserver observer, Clock clock, Scheduler scheduler) {

    public static WalkContext of(FailoverConfig config, ResilienceState state, KeyPool keys, QuotaBook quotas,
            LastFailures lastFailures, LastResort lastResort, Drills drills, CallObserver observer, Clock clock,
            Scheduler scheduler) {
        return new WalkContext(config, state, keys, quotas, lastFailures, lastResort, drills,
                new CallQueue(config.shaping().queue(), clock, scheduler), new AttemptPlanner(config.defaultMaxTokens()),
                new ResponseClassifier(config.failoverOn()), new FailoverLog(clock), observer, clock, scheduler);
    }

    CallBudget budget() {
        return config.budget();
    }

    /** The tokens {@code call} will use with {@code model}, estimated when a quota first asks. */
    TokenEstimate tokenEstimate(RecognizedCall call, String model) {
        return new TokenEstimate(call.source().body(), model, config.defaultMaxTokens());
    }

    /** {@code stream.resume}: whether a broken text stream is finished by the chain's next provider. */
    boolean resumesStreams() {
        return config.operating().streamResume();
    }

    /**
     * The call's place in the queue: in the line of its route and of the credential it carries, so
     * that one tenant's silenced key holds up no other tenant. Calls no route matches share the route
     * name "(none)": their line is their provider's. Nothing is worked out while the queue is off.
     */
    QueuePlace queuePlace(RecognizedCall call, Route route) {
        if (!queue.enabled()) {
            return queue.off();
        }
        return queue.place(route.name(), route.provider(), keys.appKeyIds().of(call.request()));
    }

    ProviderLimits limitsOf(Provider provider) {
        return config.shaping().limitsOf(provider.name());
    }

    /** How long a call on {@code route} waits for its first attempt's content before hedging; 0 for never. */
    long hedgeAfterNanos(Route route) {
        Duration after = route.hedgeAfter() != null ? route.hedgeAfter() : config.shaping().hedgeAfter();
        return after.toNanos();
    }

    Duration firstContentDeadline() {
        return config.firstContentDeadline();
    }

    /** The wait for an attempt's head: the first-byte timeout for a stream, {@code timeout.head} otherwise. */
    Duration headDeadline(boolean streamed) {
        return streamed ? config.firstContentDeadline() : config.headDeadline();
    }
}
