package io.llmfailover.runtime.queue;

import io.llmfailover.runtime.config.QueueSettings;
import io.llmfailover.runtime.time.Clock;
import io.llmfailover.runtime.time.Scheduler;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The bounded queue where calls wait, first come first served, when every step of their chain is
 * silenced or over its limit ({@code queue.max-wait}, {@code queue.max-length}). Only the head
 * re-walks its chain; the others wait for their turn, so a later call never takes the step that
 * frees up from an earlier one. Lock-free: a waiting virtual thread parks without pinning.
 */
public final class CallQueue {

    private final QueueSettings settings;
    private final Clock clock;
    private final Scheduler scheduler;
    private final ConcurrentLinkedQueue<QueuePlace> waiting = new ConcurrentLinkedQueue<>();
    private final AtomicInteger length = new AtomicInteger();
    private final AtomicInteger parked = new AtomicInteger();
    private final QueueWaits waits = new QueueWaits();

    public CallQueue(QueueSettings settings, Clock clock, Scheduler scheduler) {
        this.settings = settings;
        this.clock = clock;
        this.scheduler = scheduler;
    }

    /** A place for one call, taken only once it has to wait; close it when the call is done. */
    public QueuePlace place() {
        return new QueuePlace(this);
    }

    /** The calls waiting now. */
    public int length() {
        return length.get();
    }

    /**
     * The waiters with nothing to do until a timer or their turn wakes them: equal to {@link
     * #length()} when the queue is at rest, which is how a test on a virtual clock knows when to move time.
     */
    public int parked() {
        return parked.get();
    }

    /** How long each call that queued spent there. */
    public QueueWaits waits() {
        return waits;
    }

    QueueSettings settings() {
        return settings;
    }

    Clock clock() {
        return clock;
    }

    Scheduler scheduler() {
        return scheduler;
    }

    /** @return false when the queue is full */
    boolean join(QueuePlace place) {
        if (length.incrementAndGet() > settings.maxLength()) {
            length.decrementAndGet();
            return false;
        }
        waiting.add(place);
        return true;
    }

    void parked(int change) {
        parked.addAndGet(change);
    }

    boolean isHead(QueuePlace place) {
        return waiting.peek() == place;
    }

    /** Removes {@code place} and tells the next head its turn came (it re-checks after setting its wake-up). */
    void leave(QueuePlace place) {
        if (waiting.remove(place)) {
            length.decrementAndGet();
        }
        QueuePlace head = waiting.peek();
        if (head != null) {
            head.turnCame();
        }
    }
}
