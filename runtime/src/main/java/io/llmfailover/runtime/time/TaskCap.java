package io.llmfailover.runtime.time;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the agent did because every one of its task slots was taken ({@code llm.failover.agent.max-threads}):
 * a call sent as the app made it, ungoverned; a response head waited for on the caller's own thread,
 * its deadline kept by the timer; a hedge not started. Counted for the life of the JVM, as the cap is:
 * the agent's threads count, the status page, JMX and the metrics read.
 */
public final class TaskCap {

    /** One way of going on without a task slot. */
    public enum Fallback {
        CALL_UNGOVERNED("calls sent ungoverned"),
        HEAD_ON_CALLER_THREAD("heads waited for on the caller's thread"),
        HEDGE_NOT_STARTED("hedges not started");

        private final String label;

        Fallback(String label) {
            this.label = label;
        }
    }

    private static final Map<Fallback, LongAdder> COUNTS = new LinkedHashMap<>();

    static {
        for (Fallback fallback : Fallback.values()) {
            COUNTS.put(fallback, new LongAdder());
        }
    }

    private TaskCap() {}

    public static void reached(Fallback fallback) {
        COUNTS.get(fallback).increment();
    }

    public static long count(Fallback fallback) {
        return COUNTS.get(fallback).sum();
    }

    /** The status page's line, {@code agent tasks at their cap: 3 calls sent ungoverned, ...}; empty when it was never reached. */
    public static String statusLine() {
        StringJoiner reached = new StringJoiner(", ");
        COUNTS.forEach((fallback, count) -> {
            long n = count.sum();
            if (n > 0) {
                reached.add(n + " " + fallback.label);
            }
        });
        return reached.length() == 0 ? "" : "agent tasks at their cap (llm.failover.agent.max-threads) so far: " + reached;
    }
}
