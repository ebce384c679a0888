package io.llmfailover.runtime.queue;

import io.llmfailover.runtime.config.QueueSettings;
import io.llmfailover.runtime.time.Clock;
import io.llmfailover.runtime.time.Scheduler;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The bounded queue where calls wait, first come first served, when every step of their chain is
 * silenced or over its limit ({@code queue.max-wait}, {@code queue.max-length}). Calls wait in one
 * line per route and per caller (the id of the credential the call carries), so that a saturated
 * route never holds up another's calls, nor one tenant's silenced key another tenant's calls;
 * {@code queue.max-length} bounds all lines together. Only a line's head re-walks its chain; the
 * others, and a new call that finds others waiting, wait for their turn, so a later call never takes
 * the step that frees up from an earlier one. Lock-free: a waiting virtual thread parks without
 * pinning.
 *
 * <p>Callers choose their credentials, so the lines they can make are bounded: at most {@value
 * #MAX_CALLER_LINES} callers per route have a line of their own, every later one shares the line
 * {@value #OTHER_CALLERS}.
 */
public final class CallQueue {

    /** Callers per route (and provider) with a line of their own. */
    public static final int MAX_CALLER_LINES = 1024;
    /** The line shared by callers beyond {@link #MAX_CALLER_LINES}. */
    static final String OTHER_CALLERS = "(other callers)";

    private final QueueSettings settings;
    private final Clock clock;
    private final Scheduler scheduler;
    /**
     * By route name, then by the provider the route is for (calls no route matches share a route
     * name), then by caller. Three levels, so that finding a call's line builds no key.
     */
    private final ConcurrentMap<String, ConcurrentMap<String, ConcurrentMap<String, ConcurrentLinkedQueue<QueuePlace>>>>
            lines = new ConcurrentHashMap<>();
    private final AtomicInteger length = new AtomicInteger();
    private final AtomicInteger parked = new AtomicInteger();
    private final QueueWaits waits = new QueueWaits();
    /** The place of every call while the queue is off: it never joins a line, so one serves all. */
    private final QueuePlace off = new QueuePlace(this, new ConcurrentLinkedQueue<>());

    public CallQueue(QueueSettings settings, Clock clock, Scheduler scheduler) {
        this.settings = settings;
        this.clock = clock;
        this.scheduler = scheduler;
    }

    /** Whether calls may wait at all ({@code queue.max-wait} above zero). */
    public boolean enabled() {
        return settings.enabled();
    }

    /** The place of a call while the queue is off: nothing to build, nothing to name. */
    public QueuePlace off() {
        return off;
    }

    /**
     * A place for one call in its line, taken only once it has to wait; close it when the call is done.
     *
     * @param caller the id of the credential the call carries ({@code app:<fingerprint>}, or {@code app})
     */
    public QueuePlace place(String route, String provider, String caller) {
        if (!enabled()) {
            return off;
        }
        var byProvider = lines.get(route);
        if (byProvider == null) {
            byProvider = lines.computeIfAbsent(route, name -> new ConcurrentHashMap<>());
        }
        ConcurrentMap<String, ConcurrentLinkedQueue<QueuePlace>> byCaller = byProvider.get(provider);
        if (byCaller == null) {
            byCaller = byProvider.computeIfAbsent(provider, name -> new ConcurrentHashMap<>());
        }
        return new QueuePlace(this, lineOf(byCaller, caller));
    }

    private static ConcurrentLinkedQueue<QueuePlace> lineOf(
            ConcurrentMap<String, ConcurrentLinkedQueue<QueuePlace>> byCaller, String caller) {
        ConcurrentLinkedQueue<QueuePlace> line = byCaller.get(caller);
        if (line != null) {
            return line;
        }
        String named = byCaller.size() < MAX_CALLER_LINES ? caller : OTHER_CALLERS;
        return byCaller.computeIfAbsent(named, name -> new ConcurrentLinkedQueue<>());
    }

    /** How many lines calls have made, all routes together: bounded whatever callers send. */
    int lineCount() {
        return lines.values().stream().flatMap(byProvider -> byProvider.values().stream()).mapToInt(Map::size).sum();
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
