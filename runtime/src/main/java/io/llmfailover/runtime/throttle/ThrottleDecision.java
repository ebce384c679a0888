package io.llmfailover.runtime.throttle;

/**
 * The answer of {@link Throttle#tryAcquire()}.
 *
 * @param kind whether the call may go, and if not, why
 * @param nanosUntilAllowed for SILENCED, how long the silence still lasts; otherwise 0
 */
public record ThrottleDecision(Kind kind, long nanosUntilAllowed) {

    public enum Kind {
        /** The call may go; the caller must later report exactly one outcome. */
        ALLOWED,
        /** The provider or key asked for quiet until a time; skip it, never wait on it. */
        SILENCED,
        /** As many calls as the current limit allows are already in flight. */
        OVER_LIMIT
    }

    public static final ThrottleDecision ALLOWED = new ThrottleDecision(Kind.ALLOWED, 0);
    public static final ThrottleDecision OVER_LIMIT = new ThrottleDecision(Kind.OVER_LIMIT, 0);

    public static ThrottleDecision silenced(long nanosUntilAllowed) {
        return new ThrottleDecision(Kind.SILENCED, nanosUntilAllowed);
    }

    public boolean allowed() {
        return kind == Kind.ALLOWED;
    }
}
