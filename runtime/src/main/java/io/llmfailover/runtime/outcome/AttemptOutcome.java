package io.llmfailover.runtime.outcome;

/** What one attempt's response head (or its absence) says about the provider. */
public enum AttemptOutcome {
    /** 2xx, or a 3xx to the app's own request: the call is committed to this provider. */
    SUCCESS,
    /** The caller's fault (400, 401, 403, 404, 413, 422 …): returned as is, never failed over. */
    CALLER_ERROR,
    /**
     * A 400 that says the request is longer than the provider's context window: the caller's
     * request, which a step with a larger window may still take.
     */
    CONTEXT_OVERFLOW,
    /** 429: a passing limit. */
    RATE_LIMITED,
    /** 429 {@code insufficient_quota}, a daily quota: this key is exhausted, not passing. */
    QUOTA_EXHAUSTED,
    /** 529 and 503 "overloaded": the provider sheds load. */
    OVERLOADED,
    /** Other 5xx and 408. */
    SERVER_ERROR,
    /** No response head within {@code timeout.first-byte}. */
    TIMEOUT,
    /** No response head because the connection failed or broke first. */
    CONNECT_FAILURE,
    /**
     * A fallback (an attempt that is not the app's own request) redirected: its redirect must never
     * reach the app, whose client would follow it elsewhere. The fallback's failure.
     */
    REDIRECTED,
    /**
     * A fallback refused the request the agent made for it (401, 402, 403, 404: a revoked key, a bad
     * model map): the fallback's failure, not the caller's fault.
     */
    FALLBACK_REFUSED,
    /** A translated fallback's success whose body cannot be read or translated: the fallback's failure. */
    MALFORMED_ANSWER,
    /** The app cancelled the call (interrupt, cancel): nothing is learnt about the provider. */
    CANCELLED,
    /**
     * A hedged attempt another attempt of the same call beat to its first content: cancelled by
     * the agent, its connection released; nothing is learnt about the provider.
     */
    HEDGE_LOST,
    /** The agent itself failed during the attempt: nothing is learnt about the provider. */
    INTERNAL_FAILURE;

    /** The token of {@code failover.on}, of the failover log line, and of the span's failover reason for outcomes without a status. */
    public String token() {
        return switch (this) {
            case TIMEOUT -> "timeout";
            case CONNECT_FAILURE -> "connect";
            default -> name().toLowerCase(java.util.Locale.ROOT);
        };
    }
}
