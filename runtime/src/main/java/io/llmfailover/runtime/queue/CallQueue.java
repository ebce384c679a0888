package io.llmfailover.runtime.queue;

import io.llmfailover.runtime.config.QueueSettings;
import io.llmfailover.runtime.time.Clock;
import io.llmfailover.runtime.time.Scheduler;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The bounded queue where calls wait, first come first served, when every step of their chain is
 * silenced or over its limit ({@code queue.max-wait}, {@code queue.max-length}). Calls wait in one
 * line per route, so a saturated route never holds up another's calls; {@code queue.max-length}
 * bounds all lines together. Only a line's head re-walks its chain; the others, and a new call that
 * finds others waiting, wait for their turn, so a later call never takes the step that frees up
 * from an earlier one. Lock-free: a waiting virtual thread parks without pinning.
 */
public final class CallQueue {

    private final QueueSettings settings;
    private final Clock clock;
    private final Scheduler scheduler;
    /**
     * By route name, then by the provider the route is for; as many as the config has routes (and
     * providers, for calls no route matches, which share a route name). Two levels, so that finding
     * a call's line builds no key.
     */
    private final ConcurrentMap<String, ConcurrentMap<String, ConcurrentLinkedQueue<QueuePlace>>> lines =
            new ConcurrentHashMap<>();
    private final AtomicInteger length = new AtomicInteger();
    private final AtomicInteger parked = new AtomicInteger();
    private final QueueWaits waits = new QueueWaits();

    public CallQueue(QueueSettings settings, Clock clock, Scheduler scheduler) {
        this.settings = settings;
        this.clock = clock;
        this.scheduler = scheduler;
    }

    /** A place for one call in its route's line, taken only once it has to wait; close it when the call is done. */
    public QueuePlace place(String route, String provider) {
        ConcurrentMap<String, ConcurrentLinkedQueue<QueuePlace>> byProvider = lines.get(route);
        if (byProvider == null) {
            byProvider = lines.computeIfAbsent(route, name -> new ConcurrentHashMap<>());
        }
        ConcurrentLinkedQueue<QueuePlace> line = byProvider.get(provider);
        if (line == null) {
            line = byProvider.computeIfAbsent(provider, name -> new ConcurrentLinkedQueue<>());
        }
        return new QueuePlace(this, line);
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
    boolean join(QueuePlace place, Queue<QueuePlace> line) {
        if (length.incrementAndGet() > settings.maxLength()) {
            length.decrementAndGet();
            return false;
        }
        line.add(place);
        return true;
    }

    void parked(int change) {
        parked.addAndGet(change);
    }

    /** Removes {@code place} and tells the line's next head its turn came (it re-checks after setting its wake-up). */
    void leave(QueuePlace place, Queue<QueuePlace> line) {
        if (line.remove(place)) {
            length.decrementAndGet();
        }
        QueuePlace head = line.peek();
        if (head != null) {
            head.turnCame();
        }
    }
}
