package io.llmfailover.runtime.resilience.throttle;

/** Why a {@link Throttle} went quiet. */
public enum SilenceReason {
    /** A 429 or 529: the provider asked to slow down. */
    RATE_LIMITED,
    /** A successful response announced a limit with nothing remaining until its reset. */
    LIMIT_REACHED,
    /** The key is out of credit or quota (OpenAI insufficient_quota, a 402): it will not pass soon. */
    QUOTA_EXHAUSTED,
    /** Another instance of the fleet was told one of the above about this key. */
    FLEET,
    /**
     * One of the above, told to an attempt a drill took over ({@code drill.*}): a rehearsal on this
     * instance alone, never told to the fleet.
     */
    DRILL;

    /** Whether the fleet hears of a silence for this reason: what this instance learnt itself from a provider. */
    public boolean toldToFleet() {
        return this != FLEET && this != DRILL;
    }
}
