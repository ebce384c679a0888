package io.llmfailover.e2e.apps;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntPredicate;

/**
 * A burst of concurrent chat calls, all released at once on platform or virtual threads, half
 * through the JDK HttpClient and half through OkHttp; then, after a quiet period, one call alone
 * (the throttle's probe after the last 429) and a few more concurrent calls, all marked {@code
 * after-load}, which tell whether the agent still lets the provider
 * have as many calls as before the burst (no permit kept by a call that ended).
 *
 * <p>Prints a RESULT or ERROR line per call, {@code LOAD threads=.. calls=.. ok=.. failed=.. p50=..
 * p99=.. max=.. wall=..}, {@code PINNED count=N agent=M} on virtual threads (JFR), then DONE.
 *
 * <p>Args: base URL, API key, {@code platform|virtual}, number of calls, quiet period in ms, number
 * of after-load calls. Warm-up calls are numbered below 0, after-load calls from {@link #AFTER_LOAD_FIRST_CALL}.
 */
public final class LoadApp {

    public static final int AFTER_LOAD_FIRST_CALL = 100_001;
    /** Concurrent warm-up calls: more than the test's throttle limit, so some are skipped. */
    private static final int WARM_UP_BURST = 16;
    public static final String WARM_UP_PHASE = "warm-up";
    public static final String AFTER_LOAD_PHASE = "after-load";
    /** One call alone after the warm-up, answered at once: the load starts with no probe pending from a warm-up 429. */
    public static final String SETTLE_PHASE = "settle";

    private static final int WARM_UP_CALLS = 6;
    private static final long BURST_TIMEOUT_SECONDS = 90;

    private LoadApp() {}

    public static void main(String[] args) throws Exception {
        MixedClientCalls calls = new MixedClientCalls(args[0], args[1]);
        ThreadKind threads = ThreadKind.parse(args[2]);
        int count = Integer.parseInt(args[3]);
        long quietMillis = Long.parseLong(args[4]);
        int afterLoadCalls = Integer.parseInt(args[5]);

        // Warm up on the same kind of thread, through every path the load takes (the stub fails
        // some warm-up calls): a virtual thread waiting for another to initialise a class or link a
        // call site is pinned, which says nothing about how the agent waits for the network.
        burst(threads, 1, n -> {
            for (int call = 1; call <= WARM_UP_CALLS; call++) {
                calls.call(-call, WARM_UP_PHASE);
            }
            return true;
        });
        // And concurrently: a call the throttle's limit skips takes its own path (first used then).
        burst(threads, WARM_UP_BURST, n -> calls.call(-(WARM_UP_CALLS + n), WARM_UP_PHASE));
        // A warm-up that ended with a 429 leaves the key taking one call alone until a success: that
        // probe, slow among a thousand threads starting, would send the whole load to the backup.
        calls.call(-(WARM_UP_CALLS + WARM_UP_BURST + 1), SETTLE_PHASE);

        Latencies latencies = new Latencies();
        PinnedCarrierRecording pinned = threads == ThreadKind.VIRTUAL ? PinnedCarrierRecording.start() : null;
        long start = System.nanoTime();
        int ok = burst(threads, count, n -> latencies.time(() -> calls.call(n, null)));
        long wallMillis = (System.nanoTime() - start) / 1_000_000;
        if (pinned != null) {
            pinned.stopAndReport();
            pinned.close();
        }
        Report.line("LOAD threads=" + threads.name().toLowerCase() + " calls=" + count + " ok=" + ok
                + " failed=" + (count - ok) + " " + latencies.summary() + " wall=" + wallMillis + "ms");

        Thread.sleep(quietMillis);
        // After its last 429 the primary's key takes one call alone; its success lifts that.
        calls.call(AFTER_LOAD_FIRST_CALL - 1, AFTER_LOAD_PHASE);
        int afterLoadOk = burst(threads, afterLoadCalls, n -> calls.call(AFTER_LOAD_FIRST_CALL + n - 1, AFTER_LOAD_PHASE));
        Report.line("AFTER-LOAD calls=" + afterLoadCalls + " ok=" + afterLoadOk);
        Report.done();
    }

    /**
     * Runs calls 1..{@code count} on threads of their own, released together once all are ready.
     *
     * @return how many returned true
     */
    private static int burst(ThreadKind threads, int count, IntPredicate call) throws Exception {
        CountDownLatch ready = new CountDownLatch(count);
        CountDownLatch go = new CountDownLatch(1);
        AtomicInteger ok = new AtomicInteger();
        ExecutorService executor = threads.executorFor(count);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int number = 1; number <= count; number++) {
                int callNumber = number;
                done.add(executor.submit(() -> {
                    ready.countDown();
                    go.await();
                    if (call.test(callNumber)) {
                        ok.incrementAndGet();
                    }
                    return null;
                }));
            }
            ready.await(BURST_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            go.countDown();
            for (Future<?> future : done) {
                future.get(BURST_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            }
        } finally {
            executor.shutdownNow();
        }
        return ok.get();
    }
}
