package io.llmfailover.runtime.resilience.queue;

import io.llmfailover.runtime.config.QueueSettings;
import io.llmfailover.runtime.time.Clock;
import io.llmfailover.runtime.time.Scheduler;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The bounded queue where calls wait, first come first served, when every step of their chain is
 * silenced or over its limit ({@code queue.max-wait}, {@code queue.max-length}). Calls wait in one
 * line per route and per caller (the id of the credential the call carries), so that a saturated
 * route never holds up another's calls, nor one tenant's silenced key another tenant's calls;
 * {@code queue.max-length} bounds all lines together. Only a line's head re-walks its chain; the
 * others, and a new call that finds others waiting, wait for their turn, so a later call never takes
 * the step that frees up from an earlier one. A line is ordered by when its calls began: a call told
 * 429 or 529 after its turn came goes back to the place its start gave it, not to the back. Lock-free:
 * a waiting virtual thread parks without pinning.
 *
 * <p>Callers choose their credentials, so a line exists only while calls wait in it: there are never
 * more lines than waiting calls, which {@code queue.max-length} bounds, and a caller met after any
 * number of others still waits in a line of its own.
 */
public final class CallQueue {

    private final QueueSettings settings;
    private final Clock clock;
    private final Scheduler scheduler;
    /**
     * The calls waiting in each line that has any, by the order they began in: a line is made by the
     * first call to wait in it and dropped as the last one leaves.
     */
    private final ConcurrentMap<Line, ConcurrentSkipListMap<Long, QueuePlace>> lines = new ConcurrentHashMap<>();
    /** Numbers the calls in the order they began, which is their order in any line they wait in. */
    private final AtomicLong began = new AtomicLong();
    private final AtomicInteger length = new AtomicInteger();
    private final AtomicInteger parked = new AtomicInteger();
    private final QueueWaits waits = new QueueWaits();
    /** The place of every call while the queue is off: it never joins a line, so one serves all. */
    private final QueuePlace off = new QueuePlace(this, null, 0);

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
     * @param provider the provider the route is for (calls no route matches share a route name)
     * @param caller the id of the credential the call carries ({@code app:<fingerprint>}, or {@code app})
     */
    public QueuePlace place(String route, String provider, String caller) {
        return enabled() ? new QueuePlace(this, new Line(route, provider, caller), began.incrementAndGet()) : off;
    }

    /** How many lines calls wait in now, all routes together: never more than the calls waiting. */
    int lineCount() {
        return lines.size();
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

    /** The first call waiting in {@code line}, or null when none does. */
    QueuePlace headOf(Line line) {
        ConcurrentSkipListMap<Long, QueuePlace> waiting = lines.get(line);
        Map.Entry<Long, QueuePlace> head = waiting == null ? null : waiting.firstEntry();
        return head == null ? null : head.getValue();
    }

    /** @return false when the queue is full */
    boolean join(QueuePlace place, Line line) {
        if (length.incrementAndGet() > settings.maxLength()) {
            length.decrementAndGet();
            return false;
        }
        lines.compute(line, (named, waiting) -> {
            ConcurrentSkipListMap<Long, QueuePlace> joined = waiting != null ? waiting : new ConcurrentSkipListMap<>();
            joined.put(place.began(), place);
            return joined;
        });
        return true;
    }

    void parked(int change) {
        parked.addAndGet(change);
    }

    /**
     * Removes {@code place}, and its line once no call waits in it, and tells the line's next head its
     * turn came (it re-checks after setting its wake-up).
     */
    void leave(QueuePlace place, Line line) {
        boolean[] left = new boolean[1];
        ConcurrentSkipListMap<Long, QueuePlace> rest = lines.computeIfPresent(line, (named, waiting) -> {
            left[0] = waiting.remove(place.began(), place);
            return waiting.isEmpty() ? null : waiting;
        });
        if (left[0]) {
            length.decrementAndGet();
        }
        Map.Entry<Long, QueuePlace> head = rest == null ? null : rest.firstEntry();
        if (head != null) {
            head.getValue().turnCame();
        }
    }

    /** Which line a call waits in: its route's, for the provider the route is for, and its caller's. */
    record Line(String route, String provider, String caller) {}
}
