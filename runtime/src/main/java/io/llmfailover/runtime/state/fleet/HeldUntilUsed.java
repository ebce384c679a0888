package io.llmfailover.runtime.state.fleet;

import io.llmfailover.runtime.time.Clock;
import java.util.Iterator;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * What the fleet said of names this instance has not used yet (a silence of a key, an opening of a
 * model's breaker): held until the instance first uses the name, then applied for the time it has
 * left. Nothing is made for a name on the fleet's word alone, and what is held is bounded: when
 * full, what has ended goes, then any other, so a flood of names costs sharing, never memory.
 */
final class HeldUntilUsed {

    static final int CAPACITY = 1024;

    private final Clock clock;
    /** By name, the end on this instance's monotonic clock. */
    private final ConcurrentMap<String, Long> untilNanos = new ConcurrentHashMap<>();

    HeldUntilUsed(Clock clock) {
        this.clock = clock;
    }

    /** Holds {@code nanos} from now for {@code name}, unless it holds longer already. Called on the store's thread. */
    void hold(String name, long nanos) {
        untilNanos.merge(name, clock.nanoTime() + nanos, (held, told) -> told - held > 0 ? told : held);
        if (untilNanos.size() > CAPACITY) {
            makeRoom();
        }
    }

    /**
     * The nanoseconds left of what was held for {@code name}, forgotten now: 0 when it has ended
     * (the fleet did speak of the name), -1 when nothing was held.
     */
    long take(String name) {
        if (untilNanos.isEmpty()) {
            return -1;
        }
        Long until = untilNanos.remove(name);
        return until == null ? -1 : Math.max(0, until - clock.nanoTime());
    }

    void forget(String name) {
        untilNanos.remove(name);
    }

    int size() {
        return untilNanos.size();
    }

    /** Down to half the capacity, so that a flood pays for this once per half-capacity names. */
    private void makeRoom() {
        long now = clock.nanoTime();
        untilNanos.values().removeIf(until -> until - now <= 0);
        Iterator<String> names = untilNanos.keySet().iterator();
        while (untilNanos.size() > CAPACITY / 2 && names.hasNext()) {
            names.next();
            names.remove();
        }
    }
}
