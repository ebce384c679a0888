package io.llmfailover.runtime.walk;

import io.llmfailover.runtime.outcome.AttemptOutcome;
import io.llmfailover.runtime.resilience.throttle.RetryAfter;
import java.util.concurrent.TimeUnit;

/**
 * {@code failover.wait-for-retry-after}: once per call, a Retry-After from the chain's first step
 * that ends within {@code failover.deadline} is waited out, and that step tried again. Listens for
 * the Retry-After of each attempt the call moved on from for a 429 or 529.
 */
final class RetryAfterWait implements AttemptEvents.Listener {

    private final WalkContext context;
    /** The Retry-After of the last attempt that was rate limited. */
    private long retryAfterNanos;
    private boolean waited;

    RetryAfterWait(WalkContext context) {
        this.context = context;
    }

    @Override
    public void attemptEnded(AttemptEnded event) {
        if (event.failsOver() && (event.outcome() == AttemptOutcome.RATE_LIMITED || event.outcome() == AttemptOutcome.OVERLOADED)) {
            retryAfterNanos = TimeUnit.MILLISECONDS.toNanos(
                    RetryAfter.waitMillis(event.headers(), context.clock().currentTimeMillis()).orElse(0));
        }
    }

    /**
     * How long to wait before trying the step again, or -1 when it is not: the step's attempt was not
     * the call's first, the call waited once already, or the wait would outlast {@code failover.deadline}.
     * The Retry-After is used up either way.
     */
    long toWaitOut(boolean firstAttempt, long elapsedNanos) {
        long wait = retryAfterNanos;
        retryAfterNanos = 0;
        if (waited || !firstAttempt || !context.budget().waitsOut(wait, elapsedNanos)) {
            return -1;
        }
        waited = true;
        return wait;
    }
}
