package io.llmfailover.e2e.apps;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One chat call on its own, then calls started at a steady rate for a fixed time, whatever the
 * answers (a slow one does not hold the next back), half through the JDK HttpClient and half through OkHttp, on a fixed pool of
 * platform threads. From the end of a warm-up on it samples, at a fixed interval, the heap used
 * after a full GC and the number of live threads.
 *
 * <p>Prints a RESULT or ERROR line per call, {@code SAMPLE at=..ms heap-used-kb=.. threads=..},
 * then {@code STEADY calls=.. ok=.. failed=.. p50=.. p99=.. max=.. span=..ms} (span: from the first
 * call's start to the last call's end; the lone first call is call 0) and DONE.
 *
 * <p>Args: base URL, API key, calls per second, duration in ms, warm-up in ms, sample interval in ms.
 */
public final class SteadyTrafficApp {

    private static final int CALLER_THREADS = 32;
    private static final long DRAIN_TIMEOUT_SECONDS = 60;

    private SteadyTrafficApp() {}

    public static void main(String[] args) throws Exception {
        MixedClientCalls calls = new MixedClientCalls(args[0], args[1]);
        int perSecond = Integer.parseInt(args[2]);
        long durationMillis = Long.parseLong(args[3]);
        long warmUpMillis = Long.parseLong(args[4]);
        long sampleEveryMillis = Long.parseLong(args[5]);

        Latencies latencies = new Latencies();
        AtomicInteger started = new AtomicInteger();
        AtomicInteger ok = new AtomicInteger();
        AtomicLong lastEnd = new AtomicLong();
        ThreadPoolExecutor callers = (ThreadPoolExecutor) Executors.newFixedThreadPool(CALLER_THREADS);
        // All started now, so that the thread count sampled later is the agent's doing, not the pool filling up.
        callers.prestartAllCoreThreads();
        ScheduledExecutorService pace = Executors.newSingleThreadScheduledExecutor();
        long start = System.nanoTime();
        // One call alone first: a JVM this young is slow, and calls piling up behind its class
        // loading would all reach the provider before its first answer could teach the agent anything.
        if (latencies.time(() -> calls.call(0, null))) {
            ok.incrementAndGet();
        }
        pace.scheduleAtFixedRate(() -> {
            int number = started.incrementAndGet();
            callers.execute(() -> {
                if (latencies.time(() -> calls.call(number, null))) {
                    ok.incrementAndGet();
                }
                lastEnd.accumulateAndGet(System.nanoTime(), Math::max);
            });
        }, 0, TimeUnit.SECONDS.toNanos(1) / perSecond, TimeUnit.NANOSECONDS);

        sampleUntil(start, durationMillis, warmUpMillis, sampleEveryMillis);
        pace.shutdownNow();
        pace.awaitTermination(DRAIN_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        callers.shutdown();
        boolean drained = callers.awaitTermination(DRAIN_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        int count = started.get() + 1;
        Report.line("STEADY calls=" + count + " ok=" + ok.get() + " failed=" + (count - ok.get()) + " "
                + latencies.summary() + " span=" + (lastEnd.get() - start) / 1_000_000 + "ms"
                + (drained ? "" : " undrained"));
        Report.done();
    }

    /** A sample at the end of the warm-up, one every interval after it, and one at the very end. */
    private static void sampleUntil(long start, long durationMillis, long warmUpMillis, long sampleEveryMillis)
            throws InterruptedException {
        long next = warmUpMillis;
        while (next < durationMillis) {
            sleepUntil(start, next);
            sample(start);
            next += sampleEveryMillis;
        }
        sleepUntil(start, durationMillis);
        sample(start);
    }

    private static void sleepUntil(long start, long atMillis) throws InterruptedException {
        long remaining = atMillis - (System.nanoTime() - start) / 1_000_000;
        if (remaining > 0) {
            Thread.sleep(remaining);
        }
    }

    private static void sample(long start) {
        ResourceSample.print((System.nanoTime() - start) / 1_000_000);
    }
}
