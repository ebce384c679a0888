package io.llmfailover.e2e.apps;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One instance of a fleet, as a test that plays with the fleet's Redis sees it: chat calls started
 * at a fixed interval, whatever the answers (a slow one does not hold the next back), half through
 * the JDK HttpClient and half through OkHttp, each timed from the moment it was due, so that a call
 * queued behind slow ones counts its wait. It stops after a number of calls, or as soon as a file
 * appears, and samples its heap and threads at a fixed interval.
 *
 * <p>Prints {@code START epoch-ms=..} (its own wall clock), a RESULT or ERROR line per call and
 * {@code TIMING call=.. at=..ms took=..ms} (at: when the call was due, on its wall clock),
 * {@code SAMPLE at=..ms heap-used-kb=.. threads=..} (at: on its wall clock), then
 * {@code FLEET calls=.. ok=..} and DONE. Call 1 goes alone, so that a young JVM's class loading
 * does not pile the next ones up behind it.
 *
 * <p>Args: base URL, API key, interval between calls in ms, most calls, stop file (or {@code -}),
 * sample interval in ms.
 */
public final class FleetInstanceApp {

    private static final int CALLER_THREADS = 16;
    private static final long DRAIN_TIMEOUT_SECONDS = 60;

    private FleetInstanceApp() {}

    public static void main(String[] args) throws Exception {
        MixedClientCalls calls = new MixedClientCalls(args[0], args[1]);
        long intervalMillis = Long.parseLong(args[2]);
        int maxCalls = Integer.parseInt(args[3]);
        Path stopFile = "-".equals(args[4]) ? null : Path.of(args[4]);
        long sampleEveryMillis = Long.parseLong(args[5]);

        Report.line("START epoch-ms=" + System.currentTimeMillis());
        AtomicInteger started = new AtomicInteger();
        AtomicInteger ok = new AtomicInteger();
        ThreadPoolExecutor callers = (ThreadPoolExecutor) Executors.newFixedThreadPool(CALLER_THREADS);
        // All started now, so that the threads sampled later are the agent's doing, not the pool filling up.
        callers.prestartAllCoreThreads();
        ScheduledExecutorService pace = Executors.newSingleThreadScheduledExecutor();
        long start = System.nanoTime();
        timed(calls, started.incrementAndGet(), System.currentTimeMillis(), start, ok);
        long firstTook = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        pace.scheduleAtFixedRate(() -> {
            if (started.get() >= maxCalls || stopFile != null && Files.exists(stopFile)) {
                return;
            }
            int number = started.incrementAndGet();
            long dueAt = System.currentTimeMillis();
            long dueNanos = System.nanoTime();
            callers.execute(() -> timed(calls, number, dueAt, dueNanos, ok));
        }, Math.max(0, intervalMillis - firstTook), intervalMillis, TimeUnit.MILLISECONDS);

        long nextSample = System.nanoTime();
        while (started.get() < maxCalls && (stopFile == null || !Files.exists(stopFile))) {
            if (System.nanoTime() - nextSample >= 0) {
                ResourceSample.print(System.currentTimeMillis());
                nextSample += TimeUnit.MILLISECONDS.toNanos(sampleEveryMillis);
            }
            Thread.sleep(50);
        }
        pace.shutdownNow();
        pace.awaitTermination(DRAIN_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        callers.shutdown();
        boolean drained = callers.awaitTermination(DRAIN_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        ResourceSample.print(System.currentTimeMillis());
        Report.line("FLEET calls=" + started.get() + " ok=" + ok.get() + (drained ? "" : " undrained"));
        Report.done();
        System.exit(0);
    }

    private static void timed(MixedClientCalls calls, int number, long dueAtMillis, long dueNanos, AtomicInteger ok) {
        if (calls.call(number, null)) {
            ok.incrementAndGet();
        }
        Report.line("TIMING call=" + number + " at=" + dueAtMillis + "ms took="
                + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - dueNanos) + "ms");
    }
}
