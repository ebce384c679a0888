package io.llmfailover.runtime.config;

import java.time.Duration;

/**
 * What one call may spend walking its chain: {@code failover.max-attempts} attempts (0: one per
 * step of its chain) and {@code failover.deadline} of total time, waits included (null: no limit).
 * Once either is spent no further attempt starts, and the call ends with the best answer so far.
 * With {@code failover.wait-for-retry-after}, a Retry-After from the chain's first step that ends
 * within the deadline is waited out on that step instead of moving on.
 */
public record CallBudget(int maxAttempts, Duration deadline, boolean waitForRetryAfter) {

    public static final CallBudget UNLIMITED = new CallBudget(0, null);

    /** A budget that never waits out a Retry-After. */
    public CallBudget(int maxAttempts, Duration deadline) {
        this(maxAttempts, deadline, false);
    }

    public CallBudget {
        if (maxAttempts < 0) {
            throw new IllegalArgumentException("failover.max-attempts must not be negative, was " + maxAttempts);
        }
        if (deadline != null && (deadline.isZero() || deadline.isNegative())) {
            throw new IllegalArgumentException("failover.deadline must be positive, was " + deadline);
        }
    }

    /** Whether a call that started {@code attempts} attempts {@code elapsedNanos} ago may start another. */
    public boolean allowsAnother(int attempts, long elapsedNanos) {
        return (maxAttempts == 0 || attempts < maxAttempts) && (deadline == null || elapsedNanos < deadline.toNanos());
    }

    /**
     * Whether a call {@code elapsedNanos} into its walk waits {@code retryAfterNanos} for its
     * preferred step rather than moving on: only when asked to, and only within the deadline.
     */
    public boolean waitsOut(long retryAfterNanos, long elapsedNanos) {
        return waitForRetryAfter && deadline != null && retryAfterNanos > 0
                && retryAfterNanos < deadline.toNanos() - elapsedNanos;
    }

    /** {@code timeout}, cut to what the deadline leaves after {@code elapsedNanos}. */
    public long capNanos(long timeoutNanos, long elapsedNanos) {
        return deadline == null ? timeoutNanos : Math.max(0, Math.min(timeoutNanos, deadline.toNanos() - elapsedNanos));
    }
}
