package io.llmfailover.runtime.resilience.throttle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.config.ThrottleSettings;
import io.llmfailover.runtime.contract.HttpHeaders;
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

/** Several threads hammer one throttle with a bounded loop; the invariants must hold throughout. */
class ThrottleConcurrencyTest {

    private static final int THREADS = 8;
    private static final int ROUNDS = 20_000;
    private static final int MAX_LIMIT = 6;

    /** A 429 that asks for no wait, so the limit moves but the key is never silenced. */
    private static final HttpHeaders RETRY_NOW = Headers.of("retry-after", "0");

    @Test
    void everySlotTakenIsGivenBackAndTheLimitStaysInBounds() throws Exception {
        Throttle throttle = new Throttle("openai#key-1", new ThrottleSettings(true, 4, 2, MAX_LIMIT, Duration.ofMinutes(1)),
                new ManualClock());
        throttle.tryAcquire().slot().onRateLimited(RETRY_NOW); // the limit is in force from the first 429
        AtomicInteger running = new AtomicInteger();
        AtomicInteger mostAtOnce = new AtomicInteger();
        AtomicInteger allowed = new AtomicInteger();
        AtomicInteger refused = new AtomicInteger();

        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                done.add(pool.submit(() -> {
                    start.await();
                    for (int i = 0; i < ROUNDS; i++) {
                        if (!throttle.tryAcquire().allowed()) {
                            refused.incrementAndGet();
                            continue;
                        }
                        allowed.incrementAndGet();
                        mostAtOnce.accumulateAndGet(running.incrementAndGet(), Math::max);
                        running.decrementAndGet();
                        reportOutcome(throttle, i);
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

        assertEquals(0, throttle.inFlight(), "every allowed call reported one outcome");
        assertTrue(mostAtOnce.get() <= MAX_LIMIT, "never more than max-limit at once, saw " + mostAtOnce.get());
        assertTrue(throttle.limit() >= 2 && throttle.limit() <= MAX_LIMIT, "limit " + throttle.limit());
        assertEquals(THREADS * ROUNDS, allowed.get() + refused.get());
        assertTrue(allowed.get() > 0);
    }

    private static void reportOutcome(Throttle throttle, int round) {
        switch (round % 10) {
            case 0:
                throttle.onRateLimited(RETRY_NOW, false);
                break;
            case 1:
                throttle.onReleased();
                break;
            default:
                throttle.onSuccess(HttpHeaders.EMPTY, false);
        }
    }
}
