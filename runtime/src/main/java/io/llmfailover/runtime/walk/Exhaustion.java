package io.llmfailover.runtime.walk;


import io.llmfailover.runtime.call.RecognizedCall;
import io.llmfailover.runtime.contract.AgentFailureAfterSending;
import io.llmfailover.runtime.contract.BufferedResponse;
import io.llmfailover.runtime.contract.FailoverHeaders;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.protocol.translate.ErrorBodies;
import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.resilience.throttle.Throttle;
import io.llmfailover.runtime.telemetry.SkipReason;
import io.llmfailover.runtime.time.Clock;
import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * What a call that failed everywhere answers, decided from everything the walk saw. In order:
 * the addressed provider's own error response; else a fallback's error response; else, when
 * providers were passed over, a 429 (some silenced or over their limit) or a 503 (breakers open)
 * with a Retry-After for the earliest to come back; else the original transport exception.
 *
 * <p>A fallback whose answer was its own failure (a redirect, a refused key or model, an
 * untranslatable body) counts as a fallback error, a 502 made by the gateway: neither its status,
 * its body nor its {@code Location} reaches the app.
 */
final class Exhaustion {

    private final RecognizedCall call;
    private final Clock clock;

    private BufferedResponse addressedError;
    private BufferedResponse fallbackError;
    private IOException addressedException;
    private IOException fallbackException;
    private boolean throttled;
    private boolean rateLimited;
    private boolean breakerOpen;
    private boolean passedOverOtherwise;
    /** An attempt ended otherwise than told 429 or 529: the provider may have taken the request. */
    private boolean endedOtherwise;
    private long soonestNanos = Long.MAX_VALUE;

    Exhaustion(RecognizedCall call, Clock clock) {
        this.call = call;
        this.clock = clock;
    }

    /** Keeps what an attempt the call moved on from leaves for the answer. */
    void attemptEnded(AttemptEnded event) {
        if (!event.failsOver()) {
            return;
        }
        if (event.status() == 0) {
            noHead(event.provider(), (IOException) event.error());
        } else if (event.isFallbackFault()) {
            unusable(event.provider(), event.status());
        } else if (event.notTaken()) {
            rateLimited(event.provider(), event.kept(), TimeUnit.MILLISECONDS.toNanos(
                    Throttle.rateLimitWaitMillis(event.headers(), clock.currentTimeMillis())));
        } else {
            errorResponse(event.provider(), event.kept());
        }
    }

    private void errorResponse(Provider provider, BufferedResponse error) {
        endedOtherwise = true;
        keep(provider, error);
    }

    /**
     * A 429 or 529: the provider did not take the request, and may in {@code waitNanos}. Waiting for
     * it may then help, as for a step passed over while silenced.
     */
    private void rateLimited(Provider provider, BufferedResponse error, long waitNanos) {
        rateLimited = true;
        soonestNanos = Math.min(soonestNanos, waitNanos);
        keep(provider, error);
    }

    private void keep(Provider provider, BufferedResponse error) {
        if (provider.equals(call.addressed())) {
            addressedError = error;
        } else if (fallbackError == null) {
            fallbackError = error;
        }
    }

    /** A fallback's answer that was its own failure, kept as a 502 in the caller's format. */
    private void unusable(Provider provider, int status) {
        endedOtherwise = true;
        if (fallbackError == null) {
            HttpHeaders headers = HttpHeaders.builder()
                    .set("content-type", "application/json")
                    .set(FailoverHeaders.PROVIDER, provider.name())
                    .build();
            fallbackError = new BufferedResponse(502, headers, ErrorBodies.of(call.caller(), 502,
                    "llm-failover: the fallback provider " + provider.name() + " gave no usable answer (HTTP " + status + ")"));
        }
    }

    private void noHead(Provider provider, IOException exception) {
        endedOtherwise = true;
        if (provider.equals(call.addressed())) {
            addressedException = exception;
        } else if (fallbackException == null) {
            fallbackException = exception;
        }
    }

    void skipped(SkipReason reason, long nanosUntilAllowed) {
        switch (reason) {
            case SILENCED, OVER_LIMIT, OVER_QUOTA -> throttled = true;
            case BREAKER_OPEN -> breakerOpen = true;
            case UNTRANSLATABLE, CONTEXT_WINDOW, NO_CREDENTIALS -> {
                passedOverOtherwise = true;
                return;
            }
        }
        soonestNanos = Math.min(soonestNanos, nanosUntilAllowed);
    }

    /**
     * Every step was passed over for being silenced or over a limit or quota, or told 429 or 529
     * (so no provider took the request): waiting may help, and sending again is no duplicate.
     */
    boolean onlyThrottled() {
        return (throttled || rateLimited) && !breakerOpen && !passedOverOtherwise && !endedOtherwise;
    }

    /** Whether a step answered 429 or 529 (as well as any passed over). */
    boolean rateLimited() {
        return rateLimited;
    }

    /** How long until the earliest step passed over or told 429 or 529 may be allowed. */
    long soonestNanos() {
        return soonestNanos;
    }

    LlmResponse answer() throws IOException {
        if (addressedError != null) {
            return addressedError;
        }
        if (fallbackError != null) {
            return fallbackError;
        }
        if (throttled || breakerOpen) {
            return refusal(throttled ? 429 : 503);
        }
        if (addressedException != null) {
            throw addressedException;
        }
        if (fallbackException != null) {
            throw fallbackException;
        }
        return refusal(503);
    }

    /**
     * What the app gets when the agent failed internally after a request was sent: the best answer
     * seen so far, else the addressed provider's own transport exception, else an I/O failure that
     * says the request is not sent again. Never a re-send.
     */
    LlmResponse answerAfterInternalFailure(RuntimeException internal) throws IOException {
        if (addressedError != null) {
            return addressedError;
        }
        if (fallbackError != null) {
            return fallbackError;
        }
        if (addressedException != null) {
            throw addressedException;
        }
        throw new AgentFailureAfterSending(internal);
    }

    private LlmResponse refusal(int status) {
        long roundedUp = soonestNanos > Long.MAX_VALUE - 999_999_999L ? 0 : soonestNanos + 999_999_999L;
        long seconds = Math.max(1, TimeUnit.NANOSECONDS.toSeconds(roundedUp));
        String why = status == 429
                ? "every provider of this route is over its rate limit"
                : "every provider of this route is unavailable (circuit breaker open)";
        HttpHeaders headers = HttpHeaders.builder()
                .set("content-type", "application/json")
                .set("retry-after", Long.toString(seconds))
                .set(FailoverHeaders.PROVIDER, "none")
                .build();
        return new BufferedResponse(status, headers,
                ErrorBodies.of(call.caller(), status, "llm-failover: " + why + "; retry after " + seconds + " s"));
    }
}
