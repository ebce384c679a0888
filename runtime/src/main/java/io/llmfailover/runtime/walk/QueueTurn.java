package io.llmfailover.runtime.walk;

import io.llmfailover.runtime.resilience.queue.QueuePlace;
import io.llmfailover.runtime.telemetry.CallScope;
import java.io.InterruptedIOException;

/**
 * A call's place in the queue as its walk uses it: it waits behind calls that came first, waits for
 * its chain when a pass found nothing free, and its time in the queue goes on its span as it grows.
 */
final class QueueTurn implements AutoCloseable {

    private final QueuePlace place;
    private final CallScope scope;
    private final WalkContext context;
    /** When the walk began, for what {@code failover.deadline} leaves for waiting in the queue. */
    private final long walkStartedNanos;
    private long reportedNanos;

    QueueTurn(QueuePlace place, CallScope scope, WalkContext context, long walkStartedNanos) {
        this.place = place;
        this.scope = scope;
        this.context = context;
        this.walkStartedNanos = walkStartedNanos;
    }

    void waitBehindOthers() throws InterruptedIOException {
        place.waitBehindOthers(budgetNanos());
    }

    /**
     * After a pass along the chain found no answer: whether the call waited for a step to free up
     * and may walk again. Only when every step was passed over for a silence, a limit or a quota, or
     * told 429 or 529 with a wait that ends within the call's time in the queue.
     */
    boolean waitedForChain(Exhaustion exhaustion) throws InterruptedIOException {
        return exhaustion.onlyThrottled()
                && (!exhaustion.rateLimited() || place.mayWaitFor(exhaustion.soonestNanos(), budgetNanos()))
                && place.waitForTurn(exhaustion.soonestNanos(), budgetNanos());
    }

    void attemptSent() {
        place.attemptSent();
        reportWait();
    }

    /** The call stops waiting: nothing answered and it will not walk again. */
    void leave() {
        place.close();
        reportWait();
    }

    @Override
    public void close() {
        place.close();
    }

    /** What {@code failover.deadline} leaves for waiting in the queue. */
    private long budgetNanos() {
        return context.budget().capNanos(Long.MAX_VALUE, context.clock().nanoTime() - walkStartedNanos);
    }

    private void reportWait() {
        long waited = place.waitedNanos();
        if (waited > reportedNanos) {
            reportedNanos = waited;
            scope.queued(waited);
        }
    }
}
