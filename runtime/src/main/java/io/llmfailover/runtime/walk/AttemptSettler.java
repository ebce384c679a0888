package io.llmfailover.runtime.walk;

import io.llmfailover.runtime.call.RecognizedCall;
import io.llmfailover.runtime.contract.BufferedResponse;
import io.llmfailover.runtime.contract.HeadDeadlineException;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.contract.RelayedResponse;
import io.llmfailover.runtime.outcome.AttemptOutcome;
import io.llmfailover.runtime.provider.Protocol;
import io.llmfailover.runtime.provider.Provider;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * What the walk makes of an attempt's {@link Exchange}: the final answer, or null to move on. Each
 * attempt's ending is published once to the walk's {@link AttemptEvents}, before the answer is made.
 * One instance per call, used on the caller's thread.
 */
final class AttemptSettler {

    private final RecognizedCall call;
    private final WalkContext context;
    private final ContextFit contextWindows;
    private final AttemptEvents events;
    private final AnswerRelay relay;
    /** The transport's response to the app's original request, when that is what the app gets. */
    private LlmResponse ownResponse;
    /** The provider whose attempt gave the final answer. */
    private Provider answering;

    AttemptSettler(RecognizedCall call, WalkContext context, ContextFit contextWindows, AttemptEvents events) {
        this.call = call;
        this.context = context;
        this.contextWindows = contextWindows;
        this.events = events;
        this.relay = new AnswerRelay(call);
    }

    /** The transport's response to the app's original request, when the app gets it; else null. */
    LlmResponse ownResponse() {
        return ownResponse;
    }

    /** The provider whose attempt gave the final answer; null until one did. */
    Provider answering() {
        return answering;
    }

    /**
     * The final answer from the attempt, or null to move on.
     *
     * @throws IOException no answer came and the call does not fail over (a cancellation among them)
     */
    LlmResponse settle(StartedAttempt attempt, Exchange exchange) throws IOException {
        LlmResponse answer = answerOf(attempt, exchange);
        if (answer != null) {
            answering = attempt.provider();
        }
        return answer;
    }

    private LlmResponse answerOf(StartedAttempt attempt, Exchange exchange) throws IOException {
        LlmResponse response = exchange.response();
        if (exchange.internal() != null) {
            if (response != null) {
                response.abort();
            }
            events.publishFailed(AttemptEnded.internalFailure(attempt, response == null ? 0 : response.status(),
                    exchange.internal()), exchange.internal());
            throw rethrown(exchange.internal());
        }
        if (response == null) {
            return noAnswer(attempt, outcomeOf(exchange.noHead()), exchange.noHead());
        }
        try {
            return answered(attempt, response, exchange.content());
        } catch (RuntimeException | Error internal) {
            response.abort();
            events.publishFailed(AttemptEnded.internalFailure(attempt, response.status(), internal), internal);
            throw internal;
        }
    }

    private LlmResponse answered(StartedAttempt attempt, LlmResponse response, FirstContentDeadline.Result content)
            throws IOException {
        int status = response.status();
        AttemptOutcome fallbackFault = attempt.attempt().untouched() ? null : context.classifier().fallbackFault(status);
        if (fallbackFault != null) {
            response.abort();
            return fallbackFailed(attempt, response, fallbackFault);
        }
        if (status < 300 && call.source().stream()) {
            return firstContent(attempt, response, content);
        }
        if (status < 300 && !attempt.attempt().bridge().passesBodiesThrough()) {
            return translatedWhole(attempt, response);
        }
        return classified(attempt, response);
    }

    /** A stream is not committed until its first content: keep-alives alone are a timeout. */
    private LlmResponse firstContent(StartedAttempt attempt, LlmResponse response, FirstContentDeadline.Result content)
            throws IOException {
        if (content.body() == null) {
            AttemptOutcome outcome = content.failure() != AttemptOutcome.TIMEOUT && Cancellation.is(content.error())
                    ? AttemptOutcome.CANCELLED : content.failure();
            return noAnswer(attempt, outcome, content.error());
        }
        BufferedResponse opening = OpeningException.of(attempt.provider().protocol(), response, content.opening());
        if (opening != null && failsOver(opening)) {
            response.abort();
            return judged(attempt, opening);
        }
        return succeeded(attempt, response, content.body());
    }

    /**
     * An unstreamed answer in another protocol is translated whole before anything is committed: a
     * body the bridge cannot read becomes an error body, which must not reach the app as a 200, so
     * it is the fallback's failure and the call moves on.
     */
    private LlmResponse translatedWhole(StartedAttempt attempt, LlmResponse response) {
        byte[] translated;
        try (InputStream upstream = attempt.leases().metered(response, response.body())) {
            byte[] body = WholeBody.read(upstream);
            translated = body == null ? null : WholeBody.read(attempt.attempt().bridge().response(
                    new ByteArrayInputStream(body), call.source(), attempt.attempt().target()));
        } catch (IOException broken) {
            translated = null;
        }
        if (translated == null || WholeBody.isErrorBody(translated)) {
            response.abort();
            return fallbackFailed(attempt, response, AttemptOutcome.MALFORMED_ANSWER);
        }
        events.publish(AttemptEnded.answered(attempt, response.status(), AttemptOutcome.SUCCESS, false, response.headers(), null));
        return new RelayedResponse(response, AnswerRelay.answeredBy(attempt.attempt(), response.headers())
                .set("content-type", "application/json").build(), new ByteArrayInputStream(translated));
    }

    private boolean failsOver(BufferedResponse error) {
        ResponseClassifier classifier = context.classifier();
        return classifier.failsOver(error.status(), classifier.classify(error.status(), error.headers(), error.bytes()));
    }

    /** A fallback's answer that is its own failure, never the app's: the call moves on. */
    private LlmResponse fallbackFailed(StartedAttempt attempt, LlmResponse response, AttemptOutcome outcome) {
        events.publish(AttemptEnded.fallbackFault(attempt, response.status(), outcome, response.headers()));
        return null;
    }

    /** No usable answer came (no head, no content before the deadline, a cancellation): fail over, or throw. */
    private LlmResponse noAnswer(StartedAttempt attempt, AttemptOutcome outcome, IOException error) throws IOException {
        boolean failsOver = context.classifier().failsOver(0, outcome);
        events.publish(AttemptEnded.noAnswer(attempt, outcome, failsOver, error));
        if (!failsOver) {
            throw error;
        }
        return null;
    }

    private LlmResponse succeeded(StartedAttempt attempt, LlmResponse response, InputStream probedBody) {
        events.publish(AttemptEnded.answered(attempt, response.status(), AttemptOutcome.SUCCESS, false, response.headers(), null));
        InputStream body = attempt.leases().metered(response, probedBody);
        if (attempt.attempt().untouched()) {
            ownResponse = response;
            return body == null ? response : new RelayedResponse(response, response.headers(), body);
        }
        return relay.relayed(attempt.attempt(), response, body != null ? body : response.body());
    }

    private LlmResponse classified(StartedAttempt attempt, LlmResponse response) {
        if (response.status() < 400) {
            return succeeded(attempt, response, null);
        }
        ResponseClassifier classifier = context.classifier();
        int status = classifier.statusMeant(response.status(), response.headers(), ErrorBodyReader.NOTHING);
        boolean mayOverflow = classifier.mayOverflowContext(status) && contextWindows.mayMoveOnFromOverflow();
        // Without x-amzn-ErrorType, only Bedrock's body names its exception (a quota comes as 400).
        boolean namedInBody = status == response.status() && attempt.provider().protocol().onBedrock();
        if (status != 429 && !classifier.mayFailOver(status) && !mayOverflow && !namedInBody) {
            AttemptOutcome outcome = classifier.classify(status, response.headers(), ErrorBodyReader.NOTHING);
            events.publish(AttemptEnded.answered(attempt, status, outcome, false, response.headers(), null));
            if (attempt.attempt().untouched()) {
                ownResponse = response;
                return response;
            }
            return relay.translatedError(attempt.attempt(), ErrorBodyReader.buffer(response, context.scheduler()));
        }
        BufferedResponse read = ErrorBodyReader.buffer(response, context.scheduler());
        return judged(attempt, new BufferedResponse(classifier.statusMeant(status, read.headers(), read.bytes()),
                read.headers(), read.bytes()));
    }

    /** An error answer, its body in hand: kept for the exhaustion answer and moved on from, or the final answer. */
    private LlmResponse judged(StartedAttempt attempt, BufferedResponse error) {
        ResponseClassifier classifier = context.classifier();
        int status = error.status();
        AttemptOutcome outcome = classifier.classify(status, error.headers(), error.bytes());
        boolean failsOver = classifier.failsOver(status, outcome);
        // the addressed provider's error is kept as it is for the exhaustion answer; the app's own goes back as it is
        boolean asItIs = failsOver ? attempt.provider().equals(call.addressed()) : attempt.attempt().untouched();
        BufferedResponse answer = asItIs ? error : relay.translatedError(attempt.attempt(), error);
        events.publish(AttemptEnded.answered(attempt, status, outcome, failsOver, error.headers(), failsOver ? answer : null));
        return failsOver ? null : answer;
    }

    private static AttemptOutcome outcomeOf(IOException noHead) {
        if (Cancellation.is(noHead)) {
            return AttemptOutcome.CANCELLED;
        }
        return noHead instanceof HeadDeadlineException ? AttemptOutcome.TIMEOUT : AttemptOutcome.CONNECT_FAILURE;
    }

    private static RuntimeException rethrown(Throwable internal) {
        if (internal instanceof Error error) {
            throw error;
        }
        return (RuntimeException) internal;
    }
}
