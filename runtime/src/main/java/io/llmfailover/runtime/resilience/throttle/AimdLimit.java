package io.llmfailover.runtime.resilience.throttle;

/**
 * An additive-increase, multiplicative-decrease concurrency limit, as an immutable value: each
 * method returns the next limit (or this one, unchanged).
 *
 * <ul>
 *   <li>A rate limit halves it, never below {@code min}.
 *   <li>Successes add one for every {@code limit} of them (about +1 per round of calls), never
 *       above {@code max}, and only while the limit is in use (at least half of it in flight), so a
 *       quiet period does not inflate a limit that nothing has tested.
 * </ul>
 */
public final class AimdLimit {

    private final int limit;
    private final int successesTowardIncrease;
    private final int min;
    private final int max;

    private AimdLimit(int limit, int successesTowardIncrease, int min, int max) {
        this.limit = limit;
        this.successesTowardIncrease = successesTowardIncrease;
        this.min = min;
        this.max = max;
    }

    /** The limit before any signal; {@code initial} is clamped into [min, max]. */
    public static AimdLimit initial(int initial, int min, int max) {
        if (min < 1 || max < min) {
            throw new IllegalArgumentException(
                    "throttle limits need 1 <= min-limit <= max-limit, got min " + min + ", max " + max);
        }
        return new AimdLimit(Math.max(min, Math.min(max, initial)), 0, min, max);
    }

    public int limit() {
        return limit;
    }

    /** A call finished well while {@code inFlight} calls (itself included) were running. */
    public AimdLimit afterSuccess(int inFlight) {
        if (limit >= max || inFlight * 2 < limit) {
            return this;
        }
        int successes = successesTowardIncrease + 1;
        return successes >= limit
                ? new AimdLimit(limit + 1, 0, min, max)
                : new AimdLimit(limit, successes, min, max);
    }

    /** The provider said slow down. */
    public AimdLimit afterRateLimit() {
        int halved = Math.max(min, limit / 2);
        return halved == limit && successesTowardIncrease == 0 ? this : new AimdLimit(halved, 0, min, max);
    }

    @Override
    public String toString() {
        return "AimdLimit[" + limit + " in [" + min + ", " + max + "]]";
    }
}
