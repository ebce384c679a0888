package io.llmfailover.runtime.operations.drill;

import io.llmfailover.runtime.config.DrillFault;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/** How many attempts each drill took over since it was last asked: for the reminder in the log. */
public final class DrillCount {

    /** Keys are the configured provider and fault labels only: bounded by the config. */
    private final Map<String, LongAdder> counts = new ConcurrentHashMap<>();

    void drilled(String provider, DrillFault fault) {
        counts.computeIfAbsent(provider + " " + fault.label(), key -> new LongAdder()).increment();
    }

    /** The counts since the last call, by {@code "<provider> <fault>"}, and starts over. */
    public Map<String, Long> takeCounts() {
        Map<String, Long> taken = new TreeMap<>();
        counts.forEach((key, adder) -> taken.put(key, adder.sumThenReset()));
        return taken;
    }
}
