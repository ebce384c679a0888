package io.llmfailover.e2e.apps;

import java.lang.management.ManagementFactory;

/**
 * What a long-running app's own resources are at one moment: the heap used right after a full GC,
 * and the live threads. Printed as {@code SAMPLE at=..ms heap-used-kb=.. threads=..}.
 */
final class ResourceSample {

    private ResourceSample() {}

    /** Collects, samples, and prints the line, {@code at} being whatever clock the app reports in. */
    static void print(long atMillis) {
        System.gc();
        long heapUsed = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        int threads = ManagementFactory.getThreadMXBean().getThreadCount();
        Report.line("SAMPLE at=" + atMillis + "ms heap-used-kb=" + heapUsed / 1024 + " threads=" + threads);
    }
}
