package io.llmfailover.runtime.walk;

import io.llmfailover.runtime.call.RecognizedCall;
import io.llmfailover.runtime.contract.Answer;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.contract.Transport;
import io.llmfailover.runtime.log.OnceLogger;
import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.route.ChainStep;
import io.llmfailover.runtime.route.Route;
import io.llmfailover.runtime.telemetry.CallScope;
import io.llmfailover.runtime.telemetry.SkipReason;
import io.llmfailover.runtime.time.Waiting;
import java.io.IOException;
import java.util.Optional;
import java.util.concurrent.Executor;

/**
 * Walks one call along its route's chain: each step is passed by its {@link StepGate} or skipped,
 * and each attempt started by the {@link AttemptRunner} and settled by the {@link AttemptSettler},
 * until one answers for good. How each attempt ended is published once to the walk's {@link
 * AttemptEvents}, whose listeners (the permits, the last failures, the span, the exhaustion tally,
 * the failover log, the context windows, the Retry-After) are registered as the walk starts.
 * One instance per call; not thread-safe.
 *
 * <p>Exactly once: an internal failure before any attempt was handed to the transport propagates
 * (the adapter then lets the original call proceed as if the agent were absent); after that, it
 * ends the walk with the best answer so far, and the request is never sent again by a fail-open path.
 */
final class ChainWalk implements AttemptEvents.Listener, StepGate.Skips {

    private final RecognizedCall call;
    private final Route route;
    private final Transport transport;
    private final CallScope scope;
    private final WalkContext context;
    /** When the walk began, for {@code failover.deadline}. */
    private final long startedNanos;
    /** Where the call waits when nothing on its chain is free, or every step it tried said 429 or 529. */
    private final QueueTurn queue;
    private final FailoverTrail trail;
    private final RetryAfterWait retryAfter;
    private final AttemptEvents events;
    private final StepGate gate;
    private final AttemptRunner runner;
    private final AttemptSettler settler;
    private final StreamCommitment commitment;
    /** Made when the first step fails or is skipped: a call answered at once needs none. */
    private Exhaustion exhaustion;
    /** Attempts started before this walk of the chain: {@code failover.max-attempts} counts each walk's own. */
    private int attemptsBeforeWalk;
    /** The index of the chain step the walk tries next: a hedge takes steps ahead of the walk. */
    private int nextStep;

    ChainWalk(RecognizedCall call, Route route, Transport transport, CallScope scope, WalkContext context,
            StreamCommitment.Resumption resumption) {
        this.call = call;
        this.route = route;
        this.transport = transport;
        this.scope = scope;
        this.context = context;
        this.startedNanos = context.clock().nanoTime();
        this.queue = new QueueTurn(context.queuePlace(call, route), scope, context, startedNanos);
        this.trail = new FailoverTrail(context.failoverLog(), scope);
        this.retryAfter = new RetryAfterWait(context);
        ContextFit contextWindows = new ContextFit(call, route, context);
        this.events = new AttemptEvents()
                .listen(AttemptLeases::attemptEnded)
                .listen(context.lastFailures())
                .listen(event -> event.attempt().span().ended(event.status(), event.outcome(), event.failsOver(), event.error()))
                .listen(this)
                .listen(trail)
                .listen(contextWindows)
                .listen(retryAfter);
        this.gate = new StepGate(call, context, contextWindows, this);
        this.runner = new AttemptRunner(call, transport, scope, context, events, startedNanos);
        this.settler = new AttemptSettler(call, context, contextWindows, events);
        this.commitment = new StreamCommitment(call, route, transport, context, resumption);
    }

    /**
     * Walks the chain; when nothing was free, or every step it tried said 429 or 529 (no provider
     * took the request), waits in the queue for a step to free up and walks again.
     */
    Answer run() throws IOException {
        try (QueueTurn turn = queue) {
            turn.waitBehindOthers();
            Answer answer;
            while ((answer = walkOnce()) == null && turn.waitedForChain(exhaustion())) {
                exhaustion = null;
                attemptsBeforeWalk = runner.started();
                trail.forget();
            }
            if (answer != null) {
                return answer;
            }
            turn.leave();
            return exhausted();
        } finally {
            trail.ended();
        }
    }

    /** One pass along the chain: the answer, or null when every step failed. */
    private Answer walkOnce() throws IOException {
        for (nextStep = 0; nextStep < route.chain().size(); ) {
            ChainStep step = route.chain().get(nextStep++);
            if (runner.handedOver() > 0) {
                trail.stopIfCancelled();
            }
            if (!mayAttemptAgain()) {
                break;
            }
            int handedOverBefore = runner.handedOver();
            LlmResponse answer;
            try {
                answer = tryStep(step);
            } catch (RuntimeException internal) {
                if (runner.handedOver() == 0) {
                    throw internal;
                }
                if (runner.handedOver() == handedOverBefore) {
                    OnceLogger.internalFailure("planning a fallback attempt", internal);
                    continue;
                }
                return afterInternalFailure(internal);
            }
            if (answer != null) {
                return handOver(answer, settler.answering());
            }
        }
        return null;
    }

    /** Every step failed: an identical request's kept answer when there is one, else the exhaustion's. */
    private Answer exhausted() throws IOException {
        Optional<LlmResponse> cached = context.lastResort().answerFor(call);
        if (cached.isPresent()) {
            scope.servedFromCache();
            return Answer.made(scope.answered(cached.get(), null));
        }
        return Answer.made(scope.answered(exhaustion().answer(), null));
    }

    private Answer handOver(LlmResponse answer, Provider provider) {
        try {
            LlmResponse delivered = context.lastResort().keeping(call,
                    commitment.committed(scope.answered(answer, provider), provider, nextStep));
            LlmResponse own = settler.ownResponse();
            return own != null ? Answer.own(delivered, own) : Answer.made(delivered);
        } catch (RuntimeException internal) {
            answer.abort();
            throw internal;
        }
    }

    /** An internal failure once a request was sent: the best answer so far, never a re-send. */
    private Answer afterInternalFailure(RuntimeException internal) throws IOException {
        OnceLogger.internalFailure("an attempt that was already sent", internal);
        trail.forget();
        return Answer.made(scope.answered(exhaustion().answerAfterInternalFailure(internal), null));
    }

    /** The final answer from this step, or null to move on; its permits are released before it returns or throws. */
    private LlmResponse tryStep(ChainStep step) throws IOException {
        StepGate.Pass pass = gate.pass(step);
        if (pass == null) {
            return null;
        }
        LlmResponse answer;
        try (AttemptLeases leases = pass.leases()) {
            answer = send(pass);
        }
        long retryAfterWait = answer == null ? retryAfter.toWaitOut(nextStep == 1 && runner.started() == 1, elapsedNanos()) : -1;
        if (retryAfterWait >= 0) {
            trail.forget();
            Waiting.pause(retryAfterWait, context.scheduler());
            return tryStep(step);
        }
        return answer;
    }

    private LlmResponse send(StepGate.Pass pass) throws IOException {
        StartedAttempt attempt = runner.start(pass, false);
        trail.movedOn(attempt.provider());
        queue.attemptSent();
        Optional<Executor> hedgeThreads = hedgeThreads();
        if (hedgeThreads.isPresent()) {
            RacingAttempt first = new RacingAttempt(attempt);
            if (runner.startRacing(first, hedgeThreads.get())) {
                HedgeStart hedging = new HedgeStart(runner, settler, events, trail, hedgeThreads.get(), this::nextPass);
                return new HedgeRace(hedging, context.scheduler()).run(first, context.hedgeAfterNanos(route));
            }
        }
        return settler.settle(attempt, runner.runAlone(attempt));
    }

    /**
     * Hedging is for the call's first attempt only, on a route that hedges, with a step left to
     * hedge with, for an operation that may run twice, through a client that can send two at once.
     */
    private Optional<Executor> hedgeThreads() {
        if (runner.started() != 1 || nextStep >= route.chain().size() || context.hedgeAfterNanos(route) <= 0
                || !Hedging.mayRunTwice(call.source())) {
            return Optional.empty();
        }
        return transport.concurrentSends();
    }

    /** The chain's next step its gate passes, for a hedge ahead of the walk; null when none is left. */
    private StepGate.Pass nextPass() {
        while (nextStep < route.chain().size() && mayAttemptAgain()) {
            StepGate.Pass pass = gate.pass(route.chain().get(nextStep++));
            if (pass != null) {
                return pass;
            }
        }
        return null;
    }

    private boolean mayAttemptAgain() {
        return context.budget().allowsAnother(runner.started() - attemptsBeforeWalk, elapsedNanos());
    }

    private long elapsedNanos() {
        return context.clock().nanoTime() - startedNanos;
    }

    /** A step the gate passed over: on the span, and in the exhaustion tally. */
    @Override
    public void skipped(Provider provider, String model, SkipReason reason, long nanosUntilAllowed) {
        scope.skipped(provider, model, reason, nanosUntilAllowed);
        exhaustion().skipped(reason, nanosUntilAllowed);
    }

    /** An attempt the call moved on from, for the exhaustion tally. */
    @Override
    public void attemptEnded(AttemptEnded event) {
        if (event.failsOver()) {
            exhaustion().attemptEnded(event);
        }
    }

    private Exhaustion exhaustion() {
        if (exhaustion == null) {
            exhaustion = new Exhaustion(call, context.clock());
        }
        return exhaustion;
    }
}
