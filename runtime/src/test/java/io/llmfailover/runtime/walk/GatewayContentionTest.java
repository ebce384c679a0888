package io.llmfailover.runtime.walk;

import static io.llmfailover.runtime.testing.ScriptedTransport.ok;
import static io.llmfailover.runtime.testing.ScriptedTransport.response;
import static io.llmfailover.runtime.testing.ScriptedTransport.status;
import static io.llmfailover.runtime.walk.Chains.ANSWER;
import static io.llmfailover.runtime.walk.Chains.BACKUP;
import static io.llmfailover.runtime.walk.Chains.PRIMARY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.llmfailover.runtime.config.BreakerSettings;
import io.llmfailover.runtime.config.ThrottleSettings;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.resilience.breaker.BreakerPermit;
import io.llmfailover.runtime.resilience.breaker.BreakerState;
import io.llmfailover.runtime.resilience.breaker.CircuitBreaker;
import io.llmfailover.runtime.resilience.throttle.Throttle;
import io.llmfailover.runtime.testing.ScriptedTransport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Issue 12, item 3: {@value #CALLS} calls at once through one gateway, whose backup always
 * answers. Every call succeeds, nothing deadlocks, and afterwards no permit is held: every
 * throttle has nothing in flight and every breaker admits all its probes. On platform threads,
 * and on virtual threads when the JDK has them. {@code -Dcontention.rounds=N} repeats each burst
 * N times on the same gateway (default 1).
 */
class GatewayContentionTest {

    private static final int CALLS = 1000;
    private static final int ROUNDS = Integer.getInteger("contention.rounds", 1);
    /** A deadlock detector, not a speed limit. */
    private static final Duration HANG = Duration.ofSeconds(60);
    /** The defaults, but opened by any 503: probes run all along, and any of them could leak. */
    private static final BreakerSettings BREAKER = new BreakerSettings(0.5, 20, Duration.ofSeconds(10), 1,
            Duration.ofSeconds(5), 3);
    /** The primary answers in cycles of 20: six 429s (30%), one 503 (5%), thirteen 200s. */
    private static final int CYCLE = 20;
    private static final int RATE_LIMITED = 6;

    private final Chains chains = new Chains(BREAKER, ThrottleSettings.DEFAULTS, "primary", "backup");
    private final ScriptedTransport transport = new ScriptedTransport().on(BACKUP, ok(ANSWER));
    private final AtomicInteger primaryAnswers = new AtomicInteger();

    enum Threads {
        PLATFORM, VIRTUAL;

        ExecutorService start() throws ReflectiveOperationException {
            if (this == PLATFORM) {
                return Executors.newFixedThreadPool(CALLS);
            }
            assumeTrue(Runtime.version().feature() >= 21, "virtual threads need JDK 21; the e2e JDK 25 pass covers them");
            return (ExecutorService) Executors.class.getMethod("newVirtualThreadPerTaskExecutor").invoke(null);
        }
    }

    @ParameterizedTest
    @EnumSource(Threads.class)
    void aPrimaryAnswering30PercentRateLimitsAnd5PercentUnavailableCostsNoCallAndHoldsNoPermit(Threads threads)
            throws Exception {
        transport.on(PRIMARY, request -> mixedAnswer(primaryAnswers.getAndIncrement()));

        // Calls arrive 50 virtual ms apart, so silences end and breakers half-open while they run.
        int failures = bursts("mixed answers", threads, Duration.ofMillis(50));

        assertEquals(0, failures, "every call is answered with a 200");
        assertTrue(primaryAnswers.get() > 0, "the primary took calls");
        assertNoPermitHeld();
    }

    @ParameterizedTest
    @EnumSource(Threads.class)
    void aHalfOpenBreakerMeetingTheWholeBurstGetsEveryProbeBack(Threads threads) throws Exception {
        AtomicInteger probing = new AtomicInteger();
        AtomicInteger mostProbesAtOnce = new AtomicInteger();
        ScriptedTransport.Answer rateLimited = status(429, "{\"error\":{\"type\":\"rate_limit_error\"}}");
        transport.on(PRIMARY, status(503, "{}"), request -> {
            mostProbesAtOnce.accumulateAndGet(probing.incrementAndGet(), Math::max);
            try {
                return rateLimited.answer(request);
            } finally {
                probing.decrementAndGet();
            }
        });
        chains.gateway.execute(Chains.chat(), transport);
        chains.clock.advance(BREAKER.openDuration());

        // The clock stands still: the probes' 429s neither close nor reopen the breaker.
        int failures = bursts("half-open breaker", threads, Duration.ZERO);

        assertEquals(0, failures, "every call is answered with a 200");
        assertEquals(BreakerState.HALF_OPEN, chains.state.breaker("primary", "gpt-4o").state());
        assertTrue(mostProbesAtOnce.get() <= BREAKER.halfOpenProbes(), mostProbesAtOnce + " probes at once");
        assertNoPermitHeld();
    }

    /** Half the 429s name a short wait, half name none (a second's silence). */
    private static LlmResponse mixedAnswer(int count) {
        int slot = count % CYCLE;
        if (slot < RATE_LIMITED / 2) {
            return response(429, "{\"error\":{\"type\":\"rate_limit_error\"}}", "retry-after-ms", "20");
        }
        if (slot < RATE_LIMITED) {
            return response(429, "{\"error\":{\"type\":\"rate_limit_error\"}}");
        }
        if (slot == RATE_LIMITED) {
            return response(503, "{\"error\":{\"message\":\"overloaded\"}}");
        }
        return response(200, ANSWER);
    }

    /** {@link #ROUNDS} bursts of {@value #CALLS} calls released at once; prints the figures, returns the failures. */
    private int bursts(String scenario, Threads threads, Duration arrivalGap) throws Exception {
        int failures = 0;
        long[] latencies = new long[0];
        long primaryBefore = transport.sentTo(PRIMARY);
        long backupBefore = transport.sentTo(BACKUP);
        for (int round = 0; round < ROUNDS; round++) {
            ExecutorService pool = threads.start();
            try {
                long[] burst = burst(pool, arrivalGap);
                long served = Arrays.stream(burst).filter(nanos -> nanos >= 0).count();
                failures += CALLS - (int) served;
                latencies = concat(latencies, Arrays.stream(burst).filter(nanos -> nanos >= 0).toArray());
            } finally {
                pool.shutdownNow();
            }
        }
        System.out.printf("contention, %s, %s threads: %d calls, %d failures; primary got %d, backup got %d;"
                + " p50 %.2f ms, p99 %.2f ms%n", scenario, threads.name().toLowerCase(), CALLS * ROUNDS, failures,
                transport.sentTo(PRIMARY) - primaryBefore, transport.sentTo(BACKUP) - backupBefore,
                percentileMillis(latencies, 50), percentileMillis(latencies, 99));
        return failures;
    }

    /** Each call's latency, or -1 for a call that did not end with a 200. */
    private long[] burst(ExecutorService pool, Duration arrivalGap) throws InterruptedException {
        CountDownLatch start = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(CALLS);
        AtomicLongArray latencies = new AtomicLongArray(CALLS);
        for (int call = 0; call < CALLS; call++) {
            int index = call;
            pool.execute(() -> {
                latencies.set(index, -1);
                try {
                    start.await();
                    chains.clock.advance(arrivalGap);
                    long began = System.nanoTime();
                    if (chains.gateway.execute(Chains.chat(), transport).status() == 200) {
                        latencies.set(index, System.nanoTime() - began);
                    }
                } catch (Exception | AssertionError e) {
                    e.printStackTrace();
                } finally {
                    done.countDown();
                }
            });
        }
        start.countDown();
        assertTrue(done.await(HANG.toSeconds(), TimeUnit.SECONDS), done.getCount() + " calls still running: a deadlock");
        long[] ended = new long[CALLS];
        for (int call = 0; call < CALLS; call++) {
            ended[call] = latencies.get(call);
        }
        return ended;
    }

    /**
     * Every throttle has nothing in flight, and every breaker grants all its probes at once: one
     * probe slot leaked by any call would refuse one. Open breakers are checked last, once the
     * clock has moved past their open duration.
     */
    private void assertNoPermitHeld() {
        for (Throttle throttle : chains.state.throttles()) {
            assertEquals(0, throttle.inFlight(), "every slot is back: " + throttle);
        }
        List<CircuitBreaker> open = new ArrayList<>();
        for (CircuitBreaker breaker : chains.state.breakers()) {
            if (breaker.state() == BreakerState.OPEN) {
                open.add(breaker);
            } else {
                admitsAllItsProbes(breaker);
            }
        }
        chains.clock.advance(BREAKER.openDuration());
        open.forEach(GatewayContentionTest::admitsAllItsProbes);
    }

    private static void admitsAllItsProbes(CircuitBreaker breaker) {
        List<BreakerPermit> permits = new ArrayList<>();
        for (int probe = 0; probe < BREAKER.halfOpenProbes(); probe++) {
            permits.add(breaker.tryAcquire().orElseThrow(() -> new AssertionError(breaker + " refused a call: a probe leaked")));
        }
        permits.forEach(BreakerPermit::onIgnored);
    }

    private static double percentileMillis(long[] nanos, int percentile) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        int index = Math.max(0, (int) Math.ceil(percentile / 100.0 * sorted.length) - 1);
        return sorted.length == 0 ? Double.NaN : sorted[index] / 1e6;
    }

    private static long[] concat(long[] a, long[] b) {
        long[] both = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }
}
