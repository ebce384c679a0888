package io.llmfailover.runtime.state.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.config.FleetSettings;
import io.llmfailover.runtime.state.fleet.FleetListener;
import java.net.URI;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What fleet mode costs and how fast it spreads, against a real Redis on loopback: the round trip a
 * call to a key with a configured quota makes, and the time from one instance publishing a silence
 * to another instance applying it. Figures are printed, never asserted: speed is measured, not
 * bounded, here. {@code -Dfleet.figures.rounds=20000} for a longer run.
 */
@ExtendWith(RedisServerInstalled.class)
class RedisFleetFiguresTest {

    private static final int ROUNDS = Integer.getInteger("fleet.figures.rounds", 2000);
    private static final int SILENCES = 200;

    private RedisProcess redis;
    private RedisFleetStore one;
    private RedisFleetStore other;

    @BeforeEach
    void start() throws Exception {
        redis = RedisProcess.start();
        one = store();
        other = store();
    }

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable made : new AutoCloseable[] {one, other, redis}) {
            if (made != null) {
                made.close();
            }
        }
    }

    @Test
    void aQuotaChargeIsOneRoundTrip() {
        String[] buckets = {"openai|openai|key#0|rpm"};
        double[] one = {1};
        double[] capacity = {1e9};
        double[] perSecond = {1e7};
        for (int warmUp = 0; warmUp < 200; warmUp++) {
            this.one.tryTake(buckets, one, capacity, perSecond);
        }
        long[] micros = new long[ROUNDS];
        for (int round = 0; round < ROUNDS; round++) {
            long start = System.nanoTime();
            assertEquals(0, this.one.tryTake(buckets, one, capacity, perSecond), "a bucket this large always allows");
            micros[round] = (System.nanoTime() - start) / 1000;
        }
        Arrays.sort(micros);
        System.out.printf("fleet quota charge (Lua on Redis over loopback), %d calls: p50 %d us, p99 %d us, max %d us%n",
                ROUNDS, micros[ROUNDS / 2], micros[ROUNDS * 99 / 100], micros[ROUNDS - 1]);
    }

    @Test
    void aSilenceOneInstancePublishesReachesAnother() throws Exception {
        ConcurrentMap<String, Long> arrivedAt = new ConcurrentHashMap<>();
        Semaphore arrived = new Semaphore(0);
        other.subscribe(new FleetListener() {
            @Override
            public void silenced(String throttle, long millis) {
                if (arrivedAt.putIfAbsent(throttle, System.nanoTime()) == null) {
                    arrived.release();
                }
            }

            @Override
            public void opened(String breaker, long millis) {}

            @Override
            public void closed(String breaker) {}
        });
        long[] publishedAt = new long[SILENCES];
        for (int i = 0; i < SILENCES; i++) {
            publishedAt[i] = System.nanoTime();
            one.publishSilence("openai#key#" + i, 60_000);
            // One at a time, as 429s come: a burst would measure the writer's queue instead.
            assertTrue(arrived.tryAcquire(10, TimeUnit.SECONDS), "silence " + i + " arrived");
        }
        long[] micros = new long[SILENCES];
        for (int i = 0; i < SILENCES; i++) {
            micros[i] = (arrivedAt.get("openai#key#" + i) - publishedAt[i]) / 1000;
        }
        Arrays.sort(micros);
        System.out.printf("fleet silence, published by one instance until applied by another, %d silences:"
                + " p50 %d us, p99 %d us, max %d us%n", SILENCES, micros[SILENCES / 2], micros[SILENCES * 99 / 100],
                micros[SILENCES - 1]);
    }

    private RedisFleetStore store() {
        return new RedisFleetStore(new FleetSettings(true, URI.create(redis.url()), null, Duration.ofMillis(250),
                "figures:"));
    }
}
