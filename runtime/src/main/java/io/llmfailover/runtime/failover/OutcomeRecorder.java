package io.llmfailover.runtime.failover;

import io.llmfailover.runtime.breaker.CircuitBreaker;
import io.llmfailover.runtime.http.HttpHeaders;
import io.llmfailover.runtime.throttle.Throttle;

/** Feeds an attempt's outcome to the breaker (health) and the throttle (limits) it passed. */
final class OutcomeRecorder {

    private OutcomeRecorder() {}

    static void record(Outcome outcome, HttpHeaders headers, CircuitBreaker breaker, Throttle throttle) {
        switch (outcome) {
            case SUCCESS -> {
                breaker.onSuccess();
                throttle.onSuccess(headers);
            }
            case CALLER_ERROR -> {
                breaker.onIgnored();
                throttle.onReleased();
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
            case SERVER_ERROR, TIMEOUT, CONNECT_FAILURE -> {
                breaker.onFailure();
                throttle.onReleased();
            }
        }
    }
}
