package io.llmfailover.runtime.failover;

import io.llmfailover.runtime.breaker.BreakerPermit;
import io.llmfailover.runtime.breaker.CircuitBreaker;
import io.llmfailover.runtime.call.CallRecognizer;
import io.llmfailover.runtime.call.GovernedCall;
import io.llmfailover.runtime.config.DrillFault;
import io.llmfailover.runtime.http.Answer;
import io.llmfailover.runtime.http.AttemptRequest;
import io.llmfailover.runtime.http.BufferedResponse;
import io.llmfailover.runtime.http.FirstByteTimeoutException;
import io.llmfailover.runtime.http.HttpHeaders;
import io.llmfailover.runtime.http.LlmRequest;
import io.llmfailover.runtime.http.LlmResponse;
import io.llmfailover.runtime.http.RelayedResponse;
import io.llmfailover.runtime.http.RequestWritten;
import io.llmfailover.runtime.http.Transport;
import io.llmfailover.runtime.log.OnceLogger;
import io.llmfailover.runtime.outcome.Outcome;
import io.llmfailover.runtime.protocol.Operation;
import io.llmfailover.runtime.protocol.translate.ErrorBodies;
import io.llmfailover.runtime.protocol.translate.SourceRequest;
import io.llmfailover.runtime.protocol.translate.UntranslatableRequestException;
import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.queue.QueuePlace;
import io.llmfailover.runtime.route.ChainStep;
import io.llmfailover.runtime.route.Route;
import io.llmfailover.runtime.telemetry.AttemptScope;
import io.llmfailover.runtime.telemetry.CallScope;
import io.llmfailover.runtime.telemetry.SkipReason;
import io.llmfailover.runtime.throttle.RetryAfter;
import io.llmfailover.runtime.throttle.Throttle;
import io.llmfailover.runtime.time.Waiting;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.time.Duration;
import java.util.Optional;

/**
 * Walks one call along its route's chain: each provider is skipped (breaker open, silenced,
 * untranslatable), or tried and classified on its response head, until one answers for good.
 * One instance per call; not thread-safe.
 *
 * <p>Exactly once: an internal failure before any attempt was handed to the transport propagates
 * (the adapter then lets the original call proceed as if the agent were absent); after that, it
 * ends the walk with the best answer so far, and the request is never sent again by a fail-open path.
 */
final class ChainWalk {

    private final GovernedCall call;
    private final Route route;
    private final Transport transport;
    private final CallScope scope;
    private final FailoverEngine engine;

    /** Attempts started, for their numbers. */
    private int attempts;
    /** Attempts started before this walk of the chain: {@code failover.max-attempts} counts each walk's own. */
    private int attemptsBeforeWalk;
    /** Attempts handed to the transport: from the first on, nothing may fail open. */
    private int handedOver;
    private Exhaustion exhaustion;
    /** The transport's response to the app's original request, when that is what the app gets. */
    private LlmResponse ownResponse;
    /** The provider the call last failed over from, and why, until the log line saying where it went. */
    private Provider failedOverFrom;
    private Outcome failedOverWhy;
    /** The app cancelled the call: nothing more is tried or logged as a failover. */
    private boolean cancelled;
    /** When the walk began, for {@code failover.deadline}. */
    private final long startedNanos;
    /** Which steps' context windows the request fits. */
    private final ContextFit contextWindows;
    /** Where the call waits when nothing on its chain is free, or every step it tried said 429 or 529. */
    private final QueuePlace queuePlace;
    private long queueWaitReported;
    /** The index of the chain step the walk tries next: a hedge takes steps ahead of the walk. */
    private int nextStep;
    /** The provider whose attempt gave the answer the walk returns. */
    private Provider answering;
    /** The Retry-After of the last attempt that was rate limited, for {@code failover.wait-for-retry-after}. */
    private long retryAfterNanos;
    private boolean waitedOutRetryAfter;

    ChainWalk(GovernedCall call, Route route, Transport transport, CallScope scope, FailoverEngine engine) {
        this.call = call;
        this.route = route;
        this.transport = transport;
        this.scope = scope;
        this.engine = engine;
        this.exhaustion = new Exhaustion(call);
        this.startedNanos = engine.clock().nanoTime();
        this.contextWindows = new ContextFit(call, route, engine);
        this.queuePlace = engine.queuePlace(call, route);
    }

    Answer run() throws IOException {
        try {
            return walk();
        } finally {
            if (failedOverFrom != null && !cancelled && !Thread.currentThread().isInterrupted()) {
                engine.failoverLog().nothingLeft(failedOverFrom.name(), failedOverWhy.token());
            }
        }
    }

    /**
     * Walks the chain; when nothing was free, or every step it tried said 429 or 529 (no provider
     * took the request), waits in the queue for a step to free up and walks again.
     */
    private Answer walk() throws IOException {
        try (QueuePlace place = queuePlace) {
            place.waitBehindOthers(waitBudgetNanos());
            Answer answer;
            while ((answer = walkOnce()) == null && waitingMayHelp()
                    && place.waitForTurn(exhaustion.soonestNanos(), waitBudgetNanos())) {
                exhaustion = new Exhaustion(call);
                attemptsBeforeWalk = attempts;
                failedOverFrom = null;
            }
            if (answer != null) {
                return answer;
            }
            queuePlace.close();
            reportQueueWait();
            return exhausted();
        }
    }

    /**
     * Whether the call may wait for its chain: every step passed over for a silence, a limit or a
     * quota, or told 429 or 529 with a wait that ends within the call's time in the queue.
     */
    private boolean waitingMayHelp() {
        return exhaustion.onlyThrottled()
                && (!exhaustion.rateLimited() || queuePlace.mayWaitFor(exhaustion.soonestNanos(), waitBudgetNanos()));
    }

    /** What {@code failover.deadline} leaves for waiting in the queue. */
    private long waitBudgetNanos() {
        return engine.budget().capNanos(Long.MAX_VALUE, elapsedNanos());
    }

    /** Puts the call's wait in the queue so far on its span. */
    private void reportQueueWait() {
        long waited = queuePlace.waitedNanos();
        if (waited > queueWaitReported) {
            queueWaitReported = waited;
            scope.queued(waited);
        }
    }

    /** One pass along the chain: the answer, or null when every step failed. */
    private Answer walkOnce() throws IOException {
        for (nextStep = 0; nextStep < route.chain().size(); ) {
            ChainStep step = route.chain().get(nextStep++);
            if (handedOver > 0) {
                stopIfCancelled();
            }
            if (!engine.budget().allowsAnother(attempts - attemptsBeforeWalk, elapsedNanos())) {
                break;
            }
            int handedOverBefore = handedOver;
            LlmResponse answer;
            try {
                answer = tryStep(step);
            } catch (RuntimeException internal) {
                if (handedOver == 0) {
                    throw internal;
                }
                if (handedOver == handedOverBefore) {
                    OnceLogger.internalFailure("planning a fallback attempt", internal);
                    continue;
                }
                return afterInternalFailure(internal);
            }
            if (answer != null) {
                return handOver(answer, answering);
            }
        }
        return null;
    }

    /** Every step failed: an identical request's kept answer when there is one, else the exhaustion's. */
    private Answer exhausted() throws IOException {
        Optional<LlmResponse> cached = engine.lastResort().answerFor(call);
        if (cached.isPresent()) {
            scope.servedFromCache();
            return Answer.made(scope.answered(cached.get(), null));
        }
        return Answer.made(scope.answered(exhaustion.answer(), null));
    }

    private Answer handOver(LlmResponse answer, Provider provider) {
        try {
            LlmResponse delivered = engine.lastResort().keeping(call, committed(scope.answered(answer, provider), provider));
            return ownResponse != null ? Answer.own(delivered, ownResponse) : Answer.made(delivered);
        } catch (RuntimeException internal) {
            answer.abort();
            throw internal;
        }
    }

    /** An internal failure once a request was sent: the best answer so far, never a re-send. */
    private Answer afterInternalFailure(RuntimeException internal) throws IOException {
        OnceLogger.internalFailure("an attempt that was already sent", internal);
        failedOverFrom = null;
        return Answer.made(scope.answered(exhaustion.answerAfterInternalFailure(internal), null));
    }

    /**
     * A streamed success is committed: from here a break reaches the app as an error event, or,
     * with {@code stream.resume}, a text stream is finished by the chain's next provider.
     */
    private LlmResponse committed(LlmResponse answer, Provider provider) {
        if (answer.status() >= 300 || !callerExpectsSse()) {
            return answer;
        }
        Operation operation = call.source().operation();
        CommittedStream stream = engine.resumesStreams() && provider != null
                && StreamContinuation.allows(operation, call.request().body())
                ? new CommittedStream(answer.body(), call.addressed().protocol(), new StreamTranscript(operation),
                        transcript -> continueAfter(transcript, provider, nextStep))
                : new CommittedStream(answer.body(), call.addressed().protocol());
        String answeredBy = (provider != null ? provider : call.addressed()).name();
        stream.reportingBreaksTo(cause -> engine.failoverLog().streamBroke(answeredBy, cause));
        return new RelayedResponse(answer, answer.headers(), stream);
    }

    /**
     * Asks the steps after {@code fromStep} to finish what {@code broken} began: the conversation
     * plus the text the app has, as the assistant's turn. Null when none could (the app then gets
     * the break as before).
     */
    private InputStream continueAfter(StreamTranscript transcript, Provider broken, int fromStep) {
        if (fromStep >= route.chain().size()) {
            return null;
        }
        Operation operation = call.source().operation();
        LlmRequest continuing = call.request()
                .withHeaders(call.request().headers().toBuilder().remove(Credentials.IDEMPOTENCY_KEY).build())
                .withBody(StreamContinuation.request(operation, call.request().body(), transcript.text()));
        Optional<GovernedCall> recognized = CallRecognizer.recognize(call.addressed(), continuing);
        if (recognized.isEmpty()) {
            return null;
        }
        Route rest = new Route(route.name(), route.provider(), route.modelGlob(),
                route.chain().subList(fromStep, route.chain().size()), route.hedgeAfter());
        try {
            Answer answer = engine.resume(recognized.get(), rest, transport, broken.name());
            if (answer.status() >= 300) {
                answer.close();
                return null;
            }
            engine.failoverLog().streamResumed(broken.name(), transcript.text().length());
            return new ContinuationEvents(answer.body(), operation, transcript.textBlockIndex());
        } catch (IOException | RuntimeException nothingFinishedIt) {
            return null;
        }
    }

    /**
     * The final answer from this step, or null to move on to the next one. Every permit taken
     * here is released before it returns or throws (see {@link AttemptLeases}).
     */
    private LlmResponse tryStep(ChainStep step) throws IOException {
        Planned planned = planStep(step);
        if (planned == null) {
            return null;
        }
        LlmResponse answer;
        try (AttemptLeases leases = planned.leases()) {
            answer = send(planned.attempt(), leases);
        }
        if (answer == null && waitsOutRetryAfter()) {
            return tryStep(step);
        }
        return answer;
    }

    /**
     * {@code failover.wait-for-retry-after}: once per call, a Retry-After from the chain's first step
     * that ends within {@code failover.deadline} is waited out, and that step tried again.
     */
    private boolean waitsOutRetryAfter() throws IOException {
        long wait = retryAfterNanos;
        retryAfterNanos = 0;
        if (waitedOutRetryAfter || nextStep != 1 || attempts != 1 || !engine.budget().waitsOut(wait, elapsedNanos())) {
            return false;
        }
        waitedOutRetryAfter = true;
        failedOverFrom = null;
        Waiting.pause(wait, engine.scheduler());
        return true;
    }


    /** A step's attempt and the permits it holds. */
    private record Planned(Attempt attempt, AttemptLeases leases) {}

    /**
     * The step's attempt with its permits taken, or null when the step is skipped: then, or when
     * this throws, every permit it took is released.
     */
    private Planned planStep(ChainStep step) {
        Provider provider = step.provider();
        String model = step.modelFor(call.source().model());
        if (!contextWindows.fits(provider)) {
            skip(provider, model, SkipReason.CONTEXT_WINDOW, 0);
            return null;
        }
        CircuitBreaker breaker = engine.state().breaker(provider.name(), model);
        Optional<BreakerPermit> permit = breaker.tryAcquire();
        if (permit.isEmpty()) {
            skip(provider, model, SkipReason.BREAKER_OPEN, breaker.nanosUntilPermitted());
            return null;
        }
        AttemptLeases leases = new AttemptLeases(permit.get(), provider.name(), engine.lastFailures());
        try {
            KeyPool.Choice choice = engine.keys().choose(provider, step.throttleScope(), call.request(),
                    engine.tokenEstimate(call, model));
            if (choice.lease() == null) {
                skip(provider, model, choice.skipReason(), choice.nanosUntilAllowed());
                leases.close();
                return null;
            }
            leases.hold(choice.decision().slot(), choice.charge());
            Attempt attempt = plan(provider, model, choice.lease());
            if (attempt == null) {
                leases.close();
                return null;
            }
            return new Planned(attempt, leases);
        } catch (RuntimeException | Error internal) {
            leases.close();
            throw internal;
        }
    }

    private Attempt plan(Provider provider, String model, KeyLease lease) {
        try {
            return engine.planner().plan(call, provider, model, lease);
        } catch (UntranslatableRequestException refused) {
            skip(provider, model, SkipReason.UNTRANSLATABLE, 0);
            return null;
        }
    }

    private LlmResponse send(Attempt attempt, AttemptLeases leases) throws IOException {
        AttemptScope attemptScope = scope.attemptStarted(++attempts, attempt.provider(), attempt.target(),
                !attempt.bridge().passesBodiesThrough(), attempt.lease().keyId(), leases.breakerState());
        AttemptRequest outgoing;
        try {
            attemptScope.translationDropped(attempt.target().dropped());
            outgoing = outgoing(attempt, attemptScope);
        } catch (RuntimeException internal) {
            attemptScope.ended(0, Outcome.INTERNAL_FAILURE, false, internal);
            throw internal;
        }
        logFailoverTo(attempt.provider());
        long startedNanos = engine.clock().nanoTime();
        queuePlace.attemptSent();
        reportQueueWait();
        Transport sending = drilled(attempt, leases, attemptScope);
        Optional<Executor> hedgeThreads = hedgeThreads();
        if (hedgeThreads.isPresent()) {
            RacingAttempt first = new RacingAttempt(attempt, leases, attemptScope);
            if (first.start(hedgeThreads.get(), onHead -> exchange(sending, outgoing, startedNanos, onHead))) {
                handedOver++;
                return race(first, hedgeThreads.get());
            }
        }
        handedOver++;
        AttemptRequest alone = sending == transport ? outgoing.sentAlone() : outgoing;
        return settle(attempt, leases, attemptScope, exchange(sending, alone, startedNanos, head -> {}));
    }

    /** The app's transport, or, for an attempt a drill takes over, the drill's fault in front of it. */
    private Transport drilled(Attempt attempt, AttemptLeases leases, AttemptScope attemptScope) {
        DrillFault fault = engine.drills().draw(attempt.provider());
        if (fault == null) {
            return transport;
        }
        leases.drilled();
        attemptScope.drilled(fault.label());
        return engine.drills().inject(fault, attempt.provider(), transport);
    }

    /** The attempt's I/O: safe on any thread, since it reads only what does not change during the walk. */
    private Exchange exchange(Transport sending, AttemptRequest outgoing, long startedNanos, Consumer<LlmResponse> onHead) {
        return Exchange.run(sending, outgoing, () -> engine.budget().capNanos(engine.firstByteTimeout().toNanos(),
                engine.clock().nanoTime() - this.startedNanos)
                - (engine.clock().nanoTime() - outgoing.written().deadlineStart(startedNanos)),
                engine.scheduler(), onHead);
    }

    /** What the walk makes of an attempt's exchange: the final answer, or null to move on. */
    private LlmResponse settle(Attempt attempt, AttemptLeases leases, AttemptScope attemptScope, Exchange exchange)
            throws IOException {
        LlmResponse response = exchange.response();
        if (exchange.internal() != null) {
            if (response != null) {
                response.abort();
            }
            attemptScope.ended(response == null ? 0 : response.status(), Outcome.INTERNAL_FAILURE, false, exchange.internal());
            throw rethrown(exchange.internal());
        }
        if (response == null) {
            return noAnswer(attempt, leases, attemptScope, outcomeOf(exchange.noHead()), exchange.noHead());
        }
        try {
            LlmResponse answer = answered(attempt, leases, attemptScope, response, exchange.content());
            if (answer != null) {
                answering = attempt.provider();
            }
            return answer;
        } catch (RuntimeException | Error internal) {
            response.abort();
            attemptScope.ended(response.status(), Outcome.INTERNAL_FAILURE, false, internal);
            throw internal;
        }
    }

    private static RuntimeException rethrown(Throwable internal) {
        if (internal instanceof Error error) {
            throw error;
        }
        return (RuntimeException) internal;
    }

    /**
     * Hedging is for the call's first attempt only, on a route that hedges, with a step left to
     * hedge with, for an operation that may run twice, through a client that can send two at once.
     */
    private Optional<Executor> hedgeThreads() {
        if (attempts != 1 || nextStep >= route.chain().size() || engine.hedgeAfterNanos(route) <= 0
                || !Hedging.mayRunTwice(call.source())) {
            return Optional.empty();
        }
        return transport.concurrentSends();
    }

    /** The first attempt against a hedge from the rest of the chain, once {@code hedge.after} passed without content. */
    private LlmResponse race(RacingAttempt first, Executor threads) throws IOException {
        HedgeRace.Walk walk = new HedgeRace.Walk() {
            @Override
            public RacingAttempt hedge() {
                return ChainWalk.this.hedge(threads);
            }

            @Override
            public LlmResponse settle(RacingAttempt ended) throws IOException {
                logFailoverTo(ended.attempt.provider());
                return ChainWalk.this.settle(ended.attempt, ended.leases, ended.scope, ended.done().join());
            }
        };
        return new HedgeRace(walk, engine.scheduler()).run(first, engine.hedgeAfterNanos(route));
    }

    /** The hedge: the chain's next step that can be sent, started beside the first attempt; null when none can. */
    private RacingAttempt hedge(Executor threads) {
        while (nextStep < route.chain().size() && engine.budget().allowsAnother(attempts - attemptsBeforeWalk, elapsedNanos())) {
            Planned planned = planStep(route.chain().get(nextStep++));
            if (planned == null) {
                continue;
            }
            Attempt attempt = planned.attempt();
            AttemptScope attemptScope = scope.attemptStarted(++attempts, attempt.provider(), attempt.target(),
                    !attempt.bridge().passesBodiesThrough(), attempt.lease().keyId(), planned.leases().breakerState());
            attemptScope.hedged();
            AttemptRequest outgoing;
            try {
                attemptScope.translationDropped(attempt.target().dropped());
                outgoing = outgoing(attempt, attemptScope);
            } catch (RuntimeException internal) {
                attemptScope.ended(0, Outcome.INTERNAL_FAILURE, false, internal);
                planned.leases().close();
                OnceLogger.internalFailure("planning a hedge", internal);
                return null;
            }
            long startedNanos = engine.clock().nanoTime();
            Transport sending = drilled(attempt, planned.leases(), attemptScope);
            RacingAttempt hedge = new RacingAttempt(attempt, planned.leases(), attemptScope);
            if (!hedge.start(threads, onHead -> exchange(sending, outgoing, startedNanos, onHead))) {
                attemptScope.ended(0, Outcome.CANCELLED, false, null);
                planned.leases().close();
                return null;
            }
            handedOver++;
            return hedge;
        }
        return null;
    }

    private LlmResponse answered(Attempt attempt, AttemptLeases leases, AttemptScope attemptScope, LlmResponse response,
            FirstContentWait.Result content) throws IOException {
        int status = response.status();
        Outcome fallbackFault = attempt.untouched() ? null : engine.classifier().fallbackFault(status);
        if (fallbackFault != null) {
            response.abort();
            return fallbackFailed(attempt, leases, attemptScope, status, fallbackFault, response.headers());
        }
        if (status < 300 && call.source().stream()) {
            return firstContent(attempt, leases, attemptScope, response, content);
        }
        if (status < 300 && !attempt.bridge().passesBodiesThrough()) {
            return translatedWhole(attempt, leases, attemptScope, response);
        }
        return classify(attempt, leases, response, attemptScope);
    }

    /** A stream is not committed until its first content: keep-alives alone are a timeout. */
    private LlmResponse firstContent(Attempt attempt, AttemptLeases leases, AttemptScope attemptScope,
            LlmResponse response, FirstContentWait.Result content) throws IOException {
        if (content.body() == null) {
            Outcome outcome = content.failure() != Outcome.TIMEOUT && Cancellation.is(content.error())
                    ? Outcome.CANCELLED : content.failure();
            return noAnswer(attempt, leases, attemptScope, outcome, content.error());
        }
        return succeed(attempt, leases, attemptScope, response, content.body());
    }

    /**
     * An unstreamed answer in another protocol is translated whole before anything is committed: a
     * body the bridge cannot read becomes an error body, which must not reach the app as a 200, so
     * it is the fallback's failure and the call moves on.
     */
    private LlmResponse translatedWhole(Attempt attempt, AttemptLeases leases, AttemptScope attemptScope,
            LlmResponse response) throws IOException {
        byte[] translated;
        try (InputStream upstream = leases.metered(response, response.body())) {
            byte[] body = WholeBody.read(upstream);
            translated = body == null ? null : WholeBody.read(attempt.bridge().response(new ByteArrayInputStream(body),
                    call.source(), attempt.target()));
        } catch (IOException broken) {
            translated = null;
        }
        if (translated == null || WholeBody.isErrorBody(translated)) {
            response.abort();
            return fallbackFailed(attempt, leases, attemptScope, response.status(), Outcome.MALFORMED_ANSWER,
                    response.headers());
        }
        leases.record(Outcome.SUCCESS, response.headers());
        attemptScope.ended(response.status(), Outcome.SUCCESS, false, null);
        HttpHeaders headers = answeredBy(attempt, response.headers()).set("content-type", "application/json").build();
        return new RelayedResponse(response, headers, new ByteArrayInputStream(translated));
    }

    /** A fallback's answer that is its own failure, never the app's: recorded, logged, and the call moves on. */
    private LlmResponse fallbackFailed(Attempt attempt, AttemptLeases leases, AttemptScope attemptScope, int status,
            Outcome outcome, HttpHeaders headers) {
        leases.record(outcome, headers);
        attemptScope.ended(status, outcome, true, null);
        engine.failoverLog().fallbackFault(attempt.provider().name(), attempt.lease().keyId(), status, outcome);
        exhaustion.unusable(attempt.provider(), status);
        failedOver(attempt.provider(), outcome);
        return null;
    }

    /** The attempt as the transport sends it: with trace context, and said to be the app's own when it is. */
    private AttemptRequest outgoing(Attempt attempt, AttemptScope attemptScope) {
        HttpHeaders trace = attemptScope.traceHeaders(attempt.request());
        boolean stream = call.source().stream();
        return new AttemptRequest(attempt.request().withAddedHeaders(trace), attempt.untouched(),
                attempt.untouched() ? trace : HttpHeaders.EMPTY, headTimeout(stream), stream, false,
                new RequestWritten(engine.clock()));
    }

    /** The wait for this attempt's head: the configured one, cut to what {@code failover.deadline} leaves. */
    private Duration headTimeout(boolean stream) {
        Duration configured = engine.headTimeout(stream);
        return Duration.ofNanos(engine.budget().capNanos(configured.toNanos(), elapsedNanos()));
    }

    private long elapsedNanos() {
        return engine.clock().nanoTime() - startedNanos;
    }

    private static Outcome outcomeOf(IOException noHead) {
        if (Cancellation.is(noHead)) {
            return Outcome.CANCELLED;
        }
        return noHead instanceof FirstByteTimeoutException ? Outcome.TIMEOUT : Outcome.CONNECT_FAILURE;
    }

    /** No usable answer came (no head, no content before the deadline, a cancellation): fail over, or throw. */
    private LlmResponse noAnswer(Attempt attempt, AttemptLeases leases, AttemptScope attemptScope, Outcome outcome,
            IOException error) throws IOException {
        leases.record(outcome, HttpHeaders.EMPTY);
        boolean failsOver = engine.classifier().failsOver(0, outcome);
        attemptScope.ended(0, outcome, failsOver, error);
        if (!failsOver) {
            cancelled = outcome == Outcome.CANCELLED;
            throw error;
        }
        exhaustion.noHead(attempt.provider(), error);
        failedOver(attempt.provider(), outcome);
        return null;
    }

    private LlmResponse succeed(Attempt attempt, AttemptLeases leases, AttemptScope attemptScope,
            LlmResponse response, InputStream body) {
        leases.record(Outcome.SUCCESS, response.headers());
        attemptScope.ended(response.status(), Outcome.SUCCESS, false, null);
        return deliver(attempt, response, leases.metered(response, body));
    }

    private LlmResponse classify(Attempt attempt, AttemptLeases leases, LlmResponse response, AttemptScope attemptScope)
            throws IOException {
        int status = response.status();
        if (status < 400) {
            return succeed(attempt, leases, attemptScope, response, null);
        }
        boolean mayOverflow = engine.classifier().mayOverflowContext(status) && contextWindows.mayMoveOnFromOverflow();
        if (status != 429 && !engine.classifier().mayFailOver(status) && !mayOverflow) {
            Outcome outcome = engine.classifier().classify(status, response.headers(), ErrorBodyReader.NOTHING);
            leases.record(outcome, response.headers());
            attemptScope.ended(status, outcome, false, null);
            if (attempt.untouched()) {
                ownResponse = response;
                return response;
            }
            return translatedError(attempt, buffer(response));
        }
        BufferedResponse error = buffer(response);
        Outcome outcome = engine.classifier().classify(status, error.headers(), error.bytes());
        leases.record(outcome, error.headers());
        boolean failsOver = engine.classifier().failsOver(status, outcome);
        attemptScope.ended(status, outcome, failsOver, null);
        if (!failsOver) {
            return attempt.untouched() ? error : translatedError(attempt, error);
        }
        BufferedResponse kept = attempt.provider().equals(call.addressed()) ? error : translatedError(attempt, error);
        if (notTaken(status, outcome)) {
            exhaustion.rateLimited(attempt.provider(), kept, TimeUnit.MILLISECONDS.toNanos(
                    Throttle.rateLimitWaitMillis(error.headers(), engine.clock().currentTimeMillis())));
        } else {
            exhaustion.errorResponse(attempt.provider(), kept);
        }
        if (outcome == Outcome.CONTEXT_OVERFLOW) {
            contextWindows.overflowed(attempt.provider());
        }
        if (outcome == Outcome.RATE_LIMITED || outcome == Outcome.OVERLOADED) {
            retryAfterNanos = TimeUnit.MILLISECONDS.toNanos(
                    RetryAfter.waitMillis(error.headers(), engine.clock().currentTimeMillis()).orElse(0));
        }
        failedOver(attempt.provider(), outcome);
        return null;
    }

    /**
     * A 429 that is a passing limit, or a 529: the provider did not take the request, so sending it
     * again once the provider's wait passed is the same call waiting its turn, not a duplicate. A 503
     * that names a wait, a spent quota, or anything else may have been taken, and is never sent again.
     */
    private static boolean notTaken(int status, Outcome outcome) {
        return (status == 429 && outcome == Outcome.RATE_LIMITED) || (status == 529 && outcome == Outcome.OVERLOADED);
    }

    /** Between attempts: an app that gave up gets no attempt sent to a fallback on its behalf. */
    private void stopIfCancelled() throws IOException {
        try {
            Cancellation.check();
        } catch (IOException cancellation) {
            cancelled = true;
            throw cancellation;
        }
    }

    private void failedOver(Provider from, Outcome why) {
        failedOverFrom = from;
        failedOverWhy = why;
    }

    /** Logged as the next attempt starts, so the line names where the call went. */
    private void logFailoverTo(Provider to) {
        if (failedOverFrom != null) {
            engine.failoverLog().movedOn(failedOverFrom.name(), to.name(), failedOverWhy.token());
            failedOverFrom = null;
        }
    }

    /** @param probedBody the body with its first content already read and put back, or null */
    private LlmResponse deliver(Attempt attempt, LlmResponse response, InputStream probedBody) {
        if (attempt.untouched()) {
            ownResponse = response;
            return probedBody == null ? response : new RelayedResponse(response, response.headers(), probedBody);
        }
        InputStream body = probedBody != null ? probedBody : response.body();
        HttpHeaders.Builder headers = answeredBy(attempt, response.headers());
        if (!attempt.bridge().passesBodiesThrough()) {
            headers.set("content-type", callerContentType());
            body = attempt.bridge().response(body, call.source(), attempt.target());
        }
        return new RelayedResponse(response, headers.build(), body);
    }

    /** What the app's own provider would have sent: SSE for streams, except Gemini streams without {@code alt=sse}. */
    private String callerContentType() {
        return callerExpectsSse() ? "text/event-stream" : "application/json";
    }

    private boolean callerExpectsSse() {
        SourceRequest source = call.source();
        if (!source.stream()) {
            return false;
        }
        return source.operation() != Operation.GENERATE_CONTENT
                || (source.query() != null && source.query().contains("alt=sse"));
    }

    private BufferedResponse translatedError(Attempt attempt, BufferedResponse error) {
        HttpHeaders.Builder headers = answeredBy(attempt, error.headers());
        if (attempt.bridge().passesBodiesThrough()) {
            return new BufferedResponse(error.status(), headers.build(), error.bytes());
        }
        headers.set("content-type", "application/json");
        int status = ErrorBodies.statusFor(call.addressed().protocol(), error.status());
        return new BufferedResponse(status, headers.build(), attempt.bridge().error(error.status(), error.bytes()));
    }

    /** The upstream's headers, saying who answered, without those that describe another body. */
    private static HttpHeaders.Builder answeredBy(Attempt attempt, HttpHeaders upstream) {
        HttpHeaders.Builder headers = upstream.toBuilder()
                .set(FailoverHeaders.PROVIDER, attempt.provider().name())
                .set(FailoverHeaders.MODEL, String.valueOf(attempt.target().model()));
        if (!attempt.bridge().passesBodiesThrough()) {
            headers.remove("content-length").remove("content-encoding");
        }
        return headers;
    }

    private void skip(Provider provider, String model, SkipReason reason, long nanosUntilAllowed) {
        scope.skipped(provider, model, reason, nanosUntilAllowed);
        exhaustion.skipped(reason, nanosUntilAllowed);
    }

    private BufferedResponse buffer(LlmResponse response) {
        return ErrorBodyReader.buffer(response, engine.scheduler());
    }
}
