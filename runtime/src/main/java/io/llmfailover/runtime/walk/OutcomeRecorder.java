package io.llmfailover.runtime.walk;

import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.outcome.AttemptOutcome;
import io.llmfailover.runtime.resilience.breaker.BreakerPermit;
import io.llmfailover.runtime.resilience.throttle.ThrottleSlot;

/** Feeds an attempt's outcome to the breaker (health) and the throttle (limits) it passed, through their leases. */
final class OutcomeRecorder {

    private OutcomeRecorder() {}

    static void record(AttemptOutcome outcome, HttpHeaders headers, BreakerPermit breaker, ThrottleSlot throttle) {
        switch (outcome) {
            case SUCCESS -> {
                breaker.onSuccess();
                throttle.onSuccess(headers);
            }
            case CALLER_ERROR, CONTEXT_OVERFLOW, CANCELLED, HEDGE_LOST, INTERNAL_FAILURE -> {
                breaker.onIgnored();
                throttle.onIgnored();
            }
            case RATE_LIMITED -> {
                breaker.onIgnored();
                throttle.onRateLimited(headers);
            }
            case QUOTA_EXHAUSTED -> {
                breaker.onIgnored();
                throttle.onQuotaExhausted(headers);
            }
            case OVERLOADED -> {
                breaker.onFailure();
                throttle.onRateLimited(headers);
            }
            case SERVER_ERROR, TIMEOUT, CONNECT_FAILURE, REDIRECTED, FALLBACK_REFUSED, MALFORMED_ANSWER -> {
                breaker.onFailure();
                throttle.onIgnored();
            }
        }
    }
}
