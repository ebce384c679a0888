package io.llmfailover.runtime.failover;

import io.llmfailover.runtime.breaker.CircuitBreaker;
import io.llmfailover.runtime.call.GovernedCall;
import io.llmfailover.runtime.http.Answer;
import io.llmfailover.runtime.http.AttemptRequest;
import io.llmfailover.runtime.http.BufferedResponse;
import io.llmfailover.runtime.http.FirstByteTimeoutException;
import io.llmfailover.runtime.http.HttpHeaders;
import io.llmfailover.runtime.http.LlmResponse;
import io.llmfailover.runtime.http.RelayedResponse;
import io.llmfailover.runtime.http.Transport;
import io.llmfailover.runtime.log.OnceLogger;
import io.llmfailover.runtime.protocol.Operation;
import io.llmfailover.runtime.protocol.translate.ErrorBodies;
import io.llmfailover.runtime.protocol.translate.SourceRequest;
import io.llmfailover.runtime.protocol.translate.UntranslatableRequestException;
import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.route.Route;
import io.llmfailover.runtime.telemetry.AttemptScope;
import io.llmfailover.runtime.telemetry.CallScope;
import io.llmfailover.runtime.telemetry.SkipReason;
import io.llmfailover.runtime.throttle.ThrottleDecision;
import java.io.IOException;
import java.io.InputStream;

/**
 * Walks one call along its route's chain: each provider is skipped (breaker open, silenced,
 * untranslatable), or tried and classified on its response head, until one answers for good.
 * One instance per call; not thread-safe.
 */
final class ChainWalk {

    private final GovernedCall call;
    private final Route route;
    private final Transport transport;
    private final CallScope scope;
    private final FailoverEngine engine;

    private int attempts;
    private final Exhaustion exhaustion;
    /** The transport's response to the app's original request, when that is what the app gets. */
    private LlmResponse ownResponse;

    ChainWalk(GovernedCall call, Route route, Transport transport, CallScope scope, FailoverEngine engine) {
        this.call = call;
        this.route = route;
        this.transport = transport;
        this.scope = scope;
        this.engine = engine;
        this.exhaustion = new Exhaustion(call);
    }

    Answer run() throws IOException {
        for (Provider provider : route.chain()) {
            LlmResponse answer = tryProvider(provider);
            if (answer != null) {
                LlmResponse delivered = committed(scope.answered(answer, provider));
                return ownResponse != null ? Answer.own(delivered, ownResponse) : Answer.made(delivered);
            }
        }
        return Answer.made(scope.answered(exhaustion.answer(), null));
    }

    /** A streamed success is committed: from here a break reaches the app as an error event. */
    private LlmResponse committed(LlmResponse answer) {
        if (answer.status() >= 300 || !callerExpectsSse()) {
            return answer;
        }
        return new RelayedResponse(answer, answer.headers(), new CommittedStream(answer.body(), call.addressed().protocol()));
    }

    /** The final answer from this provider, or null to move on to the next one. */
    private LlmResponse tryProvider(Provider provider) throws IOException {
        Attempt attempt;
        CircuitBreaker breaker;
        try {
            String model = provider.mapModel(call.source().model());
            breaker = engine.state().breaker(provider.name(), model);
            if (!breaker.tryAcquirePermission()) {
                skip(provider, model, SkipReason.BREAKER_OPEN, breaker.nanosUntilPermitted());
                return null;
            }
            KeyPool.Choice choice = engine.keys().choose(provider, call.request());
            if (choice.lease() == null) {
                breaker.onIgnored();
                skip(provider, model, skipReasonOf(choice.decision()), choice.decision().nanosUntilAllowed());
                return null;
            }
            attempt = plan(provider, model, choice.lease(), breaker);
            if (attempt == null) {
                return null;
            }
        } catch (RuntimeException internal) {
            if (attempts == 0) {
                throw internal;
            }
            OnceLogger.internalFailure("planning a fallback attempt", internal);
            return null;
        }
        return send(attempt, breaker);
    }

    private Attempt plan(Provider provider, String model, KeyLease lease, CircuitBreaker breaker) {
        try {
            return engine.planner().plan(call, provider, model, lease);
        } catch (UntranslatableRequestException refused) {
            breaker.onIgnored();
            lease.throttle().onReleased();
            skip(provider, model, SkipReason.UNTRANSLATABLE, 0);
            return null;
        }
    }

    private LlmResponse send(Attempt attempt, CircuitBreaker breaker) throws IOException {
        AttemptScope attemptScope = scope.attemptStarted(++attempts, attempt.provider(), attempt.target(),
                !attempt.bridge().passesBodiesThrough(), attempt.lease().keyId());
        attemptScope.translationDropped(attempt.target().dropped());
        long startedNanos = engine.clock().nanoTime();
        LlmResponse response;
        try {
            response = transport.send(outgoing(attempt, attemptScope));
        } catch (IOException noHead) {
            Outcome outcome = noHead instanceof FirstByteTimeoutException ? Outcome.TIMEOUT : Outcome.CONNECT_FAILURE;
            return noAnswer(attempt, breaker, attemptScope, outcome, noHead);
        }
        if (response.status() < 400 && call.source().stream()) {
            long remaining = engine.firstByteTimeout().toNanos() - (engine.clock().nanoTime() - startedNanos);
            FirstContentWait.Result content = FirstContentWait.await(response, remaining, engine.scheduler());
            if (content.body() == null) {
                return noAnswer(attempt, breaker, attemptScope, content.failure(), content.error());
            }
            return succeed(attempt, breaker, attemptScope, response, content.body());
        }
        return classify(attempt, breaker, response, attemptScope);
    }

    /** The attempt as the transport sends it: with trace context, and said to be the app's own when it is. */
    private AttemptRequest outgoing(Attempt attempt, AttemptScope attemptScope) {
        HttpHeaders trace = attemptScope.traceHeaders(attempt.request());
        boolean stream = call.source().stream();
        return new AttemptRequest(attempt.request().withAddedHeaders(trace), attempt.untouched(),
                attempt.untouched() ? trace : HttpHeaders.EMPTY, engine.headTimeout(stream), stream);
    }

    /** No usable answer came (no head, or no content before the deadline): fail over, or throw. */
    private LlmResponse noAnswer(Attempt attempt, CircuitBreaker breaker, AttemptScope attemptScope, Outcome outcome,
            IOException error) throws IOException {
        OutcomeRecorder.record(outcome, HttpHeaders.EMPTY, breaker, attempt.lease().throttle());
        boolean failsOver = engine.classifier().failsOver(0, outcome);
        attemptScope.ended(0, outcome, failsOver, error);
        if (!failsOver) {
            throw error;
        }
        exhaustion.noHead(attempt.provider(), error);
        return null;
    }

    private LlmResponse succeed(Attempt attempt, CircuitBreaker breaker, AttemptScope attemptScope,
            LlmResponse response, InputStream body) {
        OutcomeRecorder.record(Outcome.SUCCESS, response.headers(), breaker, attempt.lease().throttle());
        attemptScope.ended(response.status(), Outcome.SUCCESS, false, null);
        return deliver(attempt, response, body);
    }

    private LlmResponse classify(Attempt attempt, CircuitBreaker breaker, LlmResponse response, AttemptScope attemptScope)
            throws IOException {
        int status = response.status();
        if (status < 400) {
            return succeed(attempt, breaker, attemptScope, response, null);
        }
        if (status != 429 && !engine.classifier().mayFailOver(status)) {
            Outcome outcome = engine.classifier().classify(status, response.headers(), ErrorBodyReader.NOTHING);
            OutcomeRecorder.record(outcome, response.headers(), breaker, attempt.lease().throttle());
            attemptScope.ended(status, outcome, false, null);
            if (attempt.untouched()) {
                ownResponse = response;
                return response;
            }
            return translatedError(attempt, buffer(response));
        }
        BufferedResponse error = buffer(response);
        Outcome outcome = engine.classifier().classify(status, error.headers(), error.bytes());
        OutcomeRecorder.record(outcome, error.headers(), breaker, attempt.lease().throttle());
        boolean failsOver = engine.classifier().failsOver(status, outcome);
        attemptScope.ended(status, outcome, failsOver, null);
        if (!failsOver) {
            return attempt.untouched() ? error : translatedError(attempt, error);
        }
        exhaustion.errorResponse(attempt.provider(), attempt.provider().equals(call.addressed())
                ? error : translatedError(attempt, error));
        return null;
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

    private static SkipReason skipReasonOf(ThrottleDecision decision) {
        return decision.kind() == ThrottleDecision.Kind.SILENCED ? SkipReason.SILENCED : SkipReason.OVER_LIMIT;
    }

    private BufferedResponse buffer(LlmResponse response) {
        return ErrorBodyReader.buffer(response, engine.scheduler());
    }
}
