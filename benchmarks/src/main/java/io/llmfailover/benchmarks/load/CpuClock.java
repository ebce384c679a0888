package io.llmfailover.benchmarks.load;

import java.lang.management.ManagementFactory;

/**
 * The CPU a block of calls took, on the calling thread and in the whole JVM (the client's own
 * threads, the agent's, the JIT and the GC included), in nanoseconds since {@link #start()}. Unlike
 * wall time it does not count waiting, so it tells the agent's work on the caller's thread from
 * what it adds elsewhere.
 */
final class CpuClock {

    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    private final long callerStart;
    private final long processStart;

    private CpuClock(long callerStart, long processStart) {
        this.callerStart = callerStart;
        this.processStart = processStart;
    }

    static CpuClock start() {
        return new CpuClock(callerNow(), OS.getProcessCpuTime());
    }

    long callerNanos() {
        return callerNow() - callerStart;
    }

    long processNanos() {
        return OS.getProcessCpuTime() - processStart;
    }

    private static long callerNow() {
        return ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
    }
}
