package io.llmfailover.runtime.queue;

import java.io.InterruptedIOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * One call's place in the {@link CallQueue}: joined the first time its chain had nothing free, kept
 * across its re-walks (so it does not lose its turn), left when closed.
 */
public final class QueuePlace implements AutoCloseable {

    /**
     * A step at its concurrency limit says no time: a slot frees when another call's attempt ends.
     * The head looks again this often; the others wait for their turn without polling.
     */
    static final long RECHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(25);

    private final CallQueue queue;
    private final CallQueue.Line line;
    private boolean joined;
    private long joinedNanos;
    private long waitedNanos;
    private long deadlineNanos;
    private volatile CompletableFuture<Void> wake = new CompletableFuture<>();

    QueuePlace(CallQueue queue, CallQueue.Line line) {
        this.queue = queue;
        this.line = line;
    }

    /**
     * A call about to walk its chain for the first time waits behind the calls already waiting in
     * its line, so that it never takes the step that frees up from one of them; at once when none
     * is, or when the queue is off or full.
     *
     * @param budgetNanos what else caps the call's wait ({@code failover.deadline}); Long.MAX_VALUE for nothing
     * @throws InterruptedIOException the app cancelled the call while it waited; the interrupt flag stays set
     */
    public void waitBehindOthers(long budgetNanos) throws InterruptedIOException {
        if (queue.settings().enabled() && !joined && queue.headOf(line) != null && join(budgetNanos) && !isHead()) {
            awaitHead();
        }
    }

    /**
     * Waits until this call should walk its chain again: when it is the head, until the soonest step
     * may be allowed; otherwise until it becomes the head.
     *
     * @param soonestNanos how long until the earliest step may be allowed, as the walk saw it
     * @param budgetNanos what else caps the call's wait ({@code failover.deadline}); Long.MAX_VALUE for nothing
     * @return true to walk again; false when the queue is off or full, or the call waited its most
     * @throws InterruptedIOException the app cancelled the call while it waited; the interrupt flag stays set
     */
    public boolean waitForTurn(long soonestNanos, long budgetNanos) throws InterruptedIOException {
        if (!queue.settings().enabled() || (!joined && !join(budgetNanos))) {
            return false;
        }
        if (remainingNanos() <= 0) {
            return false;
        }
        if (!isHead()) {
            return awaitHead();
        }
        park(newWake(), Math.min(remainingNanos(), soonestNanos > 0 ? soonestNanos : RECHECK_NANOS));
        return true;
    }

    /** Leaves the queue, if this call joined it, recording how long it waited. */
    @Override
    public void close() {
        if (joined) {
            joined = false;
            waitedNanos = queue.clock().nanoTime() - joinedNanos;
            queue.waits().record(waitedNanos);
            queue.leave(this, line);
        }
    }

    /** How long the call waited in the queue, once it left; 0 when it never joined. */
    public long waitedNanos() {
        return waitedNanos;
    }

    void turnCame() {
        wakeUp(wake);
    }

    private boolean join(long budgetNanos) {
        if (!queue.join(this, line)) {
            return false;
        }
        joined = true;
        joinedNanos = queue.clock().nanoTime();
        deadlineNanos = joinedNanos + Math.min(queue.settings().maxWait().toNanos(), budgetNanos);
        return true;
    }

    /** A head that left or gave up wakes the next; the wake-up is set before looking, so none is lost. */
    private boolean awaitHead() throws InterruptedIOException {
        while (true) {
            CompletableFuture<Void> turn = newWake();
            long left = remainingNanos();
            if (isHead() || left <= 0) {
                wakeUp(turn);
                return left > 0;
            }
            park(turn, left);
        }
    }

    /** A wake-up not yet completed counts as parked, so whoever completes it, not the woken thread, un-counts it. */
    private CompletableFuture<Void> newWake() {
        CompletableFuture<Void> next = new CompletableFuture<>();
        queue.parked(+1);
        wake = next;
        return next;
    }

    private void wakeUp(CompletableFuture<Void> parked) {
        if (parked.complete(null)) {
            queue.parked(-1);
        }
    }

    private void park(CompletableFuture<Void> until, long nanos) throws InterruptedIOException {
        var timer = queue.scheduler().schedule(nanos, () -> wakeUp(until));
        try {
            until.get();
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("llm-failover: the call was cancelled while it waited in the queue");
        } catch (ExecutionException impossible) {
            throw new IllegalStateException(impossible);
        } finally {
            wakeUp(until);
            timer.cancel();
        }
    }

    private boolean isHead() {
        return queue.headOf(line) == this;
    }

    private long remainingNanos() {
        return deadlineNanos - queue.clock().nanoTime();
    }
}
