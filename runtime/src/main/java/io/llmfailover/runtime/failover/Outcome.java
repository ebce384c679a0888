package io.llmfailover.runtime.failover;

/** What one attempt's response head (or its absence) says about the provider. */
public enum Outcome {
    /** 2xx or 3xx: the call is committed to this provider. */
    SUCCESS,
    /** The caller's fault (400, 401, 403, 404, 413, 422 …): returned as is, never failed over. */
    CALLER_ERROR,
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
    CONNECT_FAILURE;

    /** The token of {@code failover.on} and of the span's failover reason, for outcomes without a status. */
    public String token() {
        return switch (this) {
            case TIMEOUT -> "timeout";
            case CONNECT_FAILURE -> "connect";
            default -> name().toLowerCase(java.util.Locale.ROOT);
        };
    }
}
