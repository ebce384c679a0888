package io.llmfailover.runtime.resilience.breaker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.config.BreakerSettings;
import io.llmfailover.runtime.time.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Several threads hammer one breaker with a bounded loop; the invariants must hold throughout. */
class CircuitBreakerConcurrencyTest {

    private static final int THREADS = 8;
    private static final int ROUNDS = 20_000;
    private static final int PROBES = 3;

    @Test
    void halfOpenNeverGrantsMoreThanHalfOpenProbesAtOnce() throws Exception {
        ManualClock clock = new ManualClock();
        BreakerSettings settings = new BreakerSettings(0.5, 100, Duration.ofSeconds(10), 1, Duration.ofSeconds(5), PROBES);
        CircuitBreaker breaker = new CircuitBreaker("openai/gpt-4o", settings, clock);
        breaker.tryAcquire().orElseThrow().onFailure();
        clock.advance(Duration.ofSeconds(5));

        AtomicInteger probing = new AtomicInteger();
        AtomicInteger mostAtOnce = new AtomicInteger();
        AtomicInteger granted = new AtomicInteger();
        runConcurrently(() -> {
            breaker.tryAcquire().ifPresent(probe -> {
                granted.incrementAndGet();
                mostAtOnce.accumulateAndGet(probing.incrementAndGet(), Math::max);
                probing.decrementAndGet();
                probe.onIgnored();
            });
        });

        assertEquals(BreakerState.HALF_OPEN, breaker.state());
        assertTrue(mostAtOnce.get() <= PROBES, "at most " + PROBES + " probes at once, saw " + mostAtOnce.get());
        assertTrue(granted.get() > 0, "probes were let through");
    }

    @Test
    void racingFailuresOpenTheBreakerOnce() throws Exception {
        ManualClock clock = new ManualClock();
        CircuitBreaker breaker = new CircuitBreaker("openai/gpt-4o", BreakerSettings.DEFAULTS, clock);
        AtomicInteger openings = new AtomicInteger();
        breaker.addListener((b, from, to) -> {
            if (to == BreakerState.OPEN) {
                openings.incrementAndGet();
            }
        });

        runConcurrently(() -> {
            breaker.tryAcquire().ifPresent(BreakerPermit::onFailure);
        });

        assertEquals(BreakerState.OPEN, breaker.state());
        assertEquals(1, openings.get(), "the clock never moved, so the breaker opened exactly once");
    }

    private static void runConcurrently(Runnable round) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                done.add(pool.submit(() -> {
                    start.await();
                    for (int i = 0; i < ROUNDS; i++) {
                        round.run();
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> future : done) {
                future.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
