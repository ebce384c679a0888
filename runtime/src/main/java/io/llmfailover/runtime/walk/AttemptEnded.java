package io.llmfailover.runtime.walk;

import io.llmfailover.runtime.contract.BufferedResponse;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.outcome.AttemptOutcome;
import io.llmfailover.runtime.provider.Provider;

/**
 * How one attempt ended, published once to the walk's {@link AttemptEvents}: the permits, the span,
 * the exhaustion tally and the failover log each take from it what is theirs.
 *
 * @param status the response's status; 0 when no head came
 * @param failsOver the call moves on to the chain's next step
 * @param counts the outcome is the provider's doing, for its breaker, throttle, quota and last failure;
 *     false for the agent's own failure or an attempt never sent, whose permits its leases release as ignored
 * @param headers the response's headers, empty when none came
 * @param kept the error response the call keeps for its exhaustion answer, when it moves on from one
 * @param error why no answer came, or the agent's own failure; else null
 */
record AttemptEnded(StartedAttempt attempt, int status, AttemptOutcome outcome, boolean failsOver, boolean counts,
        HttpHeaders headers, BufferedResponse kept, Throwable error) {

    /** A response the walk classified: a success, the app's own error, or an error the call moves on from. */
    static AttemptEnded answered(StartedAttempt attempt, int status, AttemptOutcome outcome, boolean failsOver,
            HttpHeaders headers, BufferedResponse kept) {
        return new AttemptEnded(attempt, status, outcome, failsOver, true, headers, kept, null);
    }

    /** No head, no content before the deadline, or a cancellation. */
    static AttemptEnded noAnswer(StartedAttempt attempt, AttemptOutcome outcome, boolean failsOver, Throwable error) {
        return new AttemptEnded(attempt, 0, outcome, failsOver, true, HttpHeaders.EMPTY, null, error);
    }

    /** A fallback's answer to the request the agent made for it that is its own failure, never the app's. */
    static AttemptEnded fallbackFault(StartedAttempt attempt, int status, AttemptOutcome outcome, HttpHeaders headers) {
        return new AttemptEnded(attempt, status, outcome, true, true, headers, null, null);
    }

    /** The agent failed on this attempt: nothing is learned of the provider. */
    static AttemptEnded internalFailure(StartedAttempt attempt, int status, Throwable internal) {
        return new AttemptEnded(attempt, status, AttemptOutcome.INTERNAL_FAILURE, false, false, HttpHeaders.EMPTY, null, internal);
    }

    /** A hedge no thread took: it was never sent. */
    static AttemptEnded unsent(StartedAttempt attempt) {
        return new AttemptEnded(attempt, 0, AttemptOutcome.CANCELLED, false, false, HttpHeaders.EMPTY, null, null);
    }

    /** An attempt of a hedge race stopped while it ran: {@link AttemptOutcome#HEDGE_LOST}, or cancelled with the call. */
    static AttemptEnded stopped(StartedAttempt attempt, AttemptOutcome outcome) {
        return new AttemptEnded(attempt, 0, outcome, false, true, HttpHeaders.EMPTY, null, null);
    }

    Provider provider() {
        return attempt.provider();
    }

    /** A fallback's own failure: it answered, and the call moves on with nothing of its answer kept. */
    boolean isFallbackFault() {
        return failsOver && status > 0 && kept == null;
    }

    /**
     * A 429 that is a passing limit, or a 529: the provider did not take the request, so sending it
     * again once the provider's wait passed is the same call waiting its turn, not a duplicate. A 503
     * that names a wait, a spent quota, or anything else may have been taken, and is never sent again.
     */
    boolean notTaken() {
        return (status == 429 && outcome == AttemptOutcome.RATE_LIMITED) || (status == 529 && outcome == AttemptOutcome.OVERLOADED);
    }
}
