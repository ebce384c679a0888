package io.llmfailover.runtime.resilience.throttle;

/**
 * The answer of {@link Throttle#tryAcquire()}.
 *
 * @param kind whether the call may go, and if not, why
 * @param nanosUntilAllowed for SILENCED, how long the silence still lasts; otherwise 0
 * @param slot for ALLOWED, the slot taken, on which exactly one outcome is reported; otherwise null
 */
public record ThrottleDecision(Kind kind, long nanosUntilAllowed, ThrottleSlot slot) {

    public enum Kind {
        /** The call may go; the caller must later report exactly one outcome on the slot. */
        ALLOWED,
        /** The provider or key asked for quiet until a time; skip it, never wait on it. */
        SILENCED,
        /** As many calls as the current limit allows are already in flight. */
        OVER_LIMIT
    }

    public static final ThrottleDecision OVER_LIMIT = new ThrottleDecision(Kind.OVER_LIMIT, 0, null);

    static ThrottleDecision allowed(ThrottleSlot slot) {
        return new ThrottleDecision(Kind.ALLOWED, 0, slot);
    }

    public static ThrottleDecision silenced(long nanosUntilAllowed) {
        return new ThrottleDecision(Kind.SILENCED, nanosUntilAllowed, null);
    }

    public boolean allowed() {
        return kind == Kind.ALLOWED;
    }
}
