package io.llmfailover.runtime.resilience.queue;

import java.io.InterruptedIOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * One call's place in the {@link CallQueue}: joined the first time its chain had nothing free, kept
 * across its re-walks (so it does not lose its turn), left when closed. While the call's attempt is
 * out, the place steps out of its line and lets the next call have its turn; a 429 or 529 brings it
 * back where its start put it.
 */
public final class QueuePlace implements AutoCloseable {

    /**
     * A step at its concurrency limit says no time: a slot frees when another call's attempt ends.
     * The head looks again this often; the others wait for their turn without polling.
     */
    static final long RECHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(25);

    private final CallQueue queue;
    private final CallQueue.Line line;
    /** When the call began among all others: its order in the line, whenever it stands in it. */
    private final long began;
    /** Whether the call ever joined the queue: its wait is then bounded and recorded. */
    private boolean joined;
    /** Whether the call stands in its line now (not while an attempt of it is out). */
    private boolean inLine;
    private long inLineSinceNanos;
    private long waitedNanos;
    private long deadlineNanos;
    private volatile CompletableFuture<Void> wake = new CompletableFuture<>();

    QueuePlace(CallQueue queue, CallQueue.Line line, long began) {
        this.queue = queue;
        this.line = line;
        this.began = began;
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
     * may be allowed; otherwise until it becomes the head. A call whose attempt was told 429 or 529
     * comes back to its place in line here.
     *
     * @param soonestNanos how long until the earliest step may be allowed, as the walk saw it
     * @param budgetNanos what else caps the call's wait ({@code failover.deadline}); Long.MAX_VALUE for nothing
     * @return true to walk again; false when the queue is off or full, or the call waited its most
     * @throws InterruptedIOException the app cancelled the call while it waited; the interrupt flag stays set
     */
    public boolean waitForTurn(long soonestNanos, long budgetNanos) throws InterruptedIOException {
        if (!queue.settings().enabled() || (!inLine && !join(budgetNanos))) {
            return false;
        }
        if (remainingNanos() <= 0) {
            return false;
        }
        if (!isHead()) {
            return awaitHead();
        }
        park(newWake(), Math.min(remainingNanos(), soonestNanos > 0 ? soonestNanos : RECHECK_NANOS));
        // a call that began earlier may have come back ahead meanwhile
        return isHead() || awaitHead();
    }

    /**
     * Whether a call that may walk again once {@code nanos} passed would still be within its wait: a
     * call that never joined has all of {@code queue.max-wait} and {@code budgetNanos} ahead of it.
     */
    public boolean mayWaitFor(long nanos, long budgetNanos) {
        if (!queue.settings().enabled()) {
            return false;
        }
        long left = joined ? remainingNanos() : Math.min(queue.settings().maxWait().toNanos(), budgetNanos);
        return nanos < left;
    }

    /**
     * The call's attempt is handed to the transport: it steps out of its line, so the next call may
     * have its turn, and keeps its place should the attempt be told 429 or 529.
     */
    public void attemptSent() {
        if (inLine) {
            leaveLine();
        }
    }

    /** Leaves the queue, if this call joined it, recording how long it waited in all. */
    @Override
    public void close() {
        if (inLine) {
            leaveLine();
        }
        if (joined) {
            joined = false;
            queue.waits().record(waitedNanos);
        }
    }

    /** How long the call waited in the queue so far, in all; 0 when it never joined. */
    public long waitedNanos() {
        return waitedNanos;
    }

    long began() {
        return began;
    }

    void turnCame() {
        wakeUp(wake);
    }

    /** Joins the line at this call's place; its wait is bounded from the first time it joined. */
    private boolean join(long budgetNanos) {
        if (!queue.join(this, line)) {
            return false;
        }
        inLine = true;
        inLineSinceNanos = queue.clock().nanoTime();
        if (!joined) {
            joined = true;
            deadlineNanos = inLineSinceNanos + Math.min(queue.settings().maxWait().toNanos(), budgetNanos);
        }
        return true;
    }

    private void leaveLine() {
        inLine = false;
        waitedNanos += queue.clock().nanoTime() - inLineSinceNanos;
        queue.leave(this, line);
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
