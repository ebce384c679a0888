package io.llmfailover.runtime.resilience.breaker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.llmfailover.runtime.resilience.breaker.SlidingTimeWindow.Counts;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A window of 10,000 ns in 10 buckets of 1,000 ns, fed plain numbers. */
class SlidingTimeWindowTest {

    private final SlidingTimeWindow window = new SlidingTimeWindow(10_000, 10);

    @ParameterizedTest(name = "at {0} ns the window holds {1} calls, {2} failed")
    @CsvSource({
        // calls recorded at 0 (failed), 500 (ok), 9_999 (failed)
        "9999,  3, 2",
        "10000, 1, 1", // the bucket [0, 1000) has left the window
        "10999, 1, 1",
        "18999, 1, 1", // 9_999 sits in bucket [9000, 10000), here the oldest bucket kept
        "19000, 0, 0",
    })
    void callsLeaveTheWindowBucketByBucket(long now, long calls, long failures) {
        window.record(0, true);
        window.record(500, false);
        window.record(9_999, true);

        assertEquals(new Counts(calls, failures), window.counts(now));
    }

    @Test
    void aReusedRingSlotStartsFromZero() {
        window.record(100, true);
        window.record(200, true);

        window.record(10_100, false); // same slot as period 0, ten periods later

        assertEquals(new Counts(1, 0), window.counts(10_100));
    }

    @Test
    void worksWithNegativeClockReadings() {
        window.record(-1_500, true);
        window.record(-200, false);

        assertEquals(new Counts(2, 1), window.counts(0));
        assertEquals(new Counts(1, 0), window.counts(8_999));
    }

    @Test
    void aLateRecordingLandsInTheNewerBucketOfItsSlot() {
        window.record(10_000, false);
        window.record(0, true); // a caller whose clock reading is older than the ring's newest period

        assertEquals(new Counts(2, 1), window.counts(10_000));
    }

    @ParameterizedTest(name = "{0} calls, {1} failed, minimum {2}, rate {3}: reached = {4}")
    @CsvSource({
        "0,  0, 0,  0.5, false", // no calls never trips
        "9,  9, 10, 0.5, false", // below the minimum
        "10, 5, 10, 0.5, true", // at the minimum and exactly at the rate
        "10, 4, 10, 0.5, false",
        "10, 3, 10, 0.3, true", // 3/10 must equal 0.3 despite floating point
        "20, 20, 1, 1.0, true",
        "20, 19, 1, 1.0, false",
    })
    void failureRateIsReachedAtTheRateOnceTheMinimumIsSeen(
            int calls, int failures, int minimumCalls, double rate, boolean reached) {
        for (int i = 0; i < calls; i++) {
            window.record(5_000, i < failures);
        }

        assertEquals(reached, window.failureRateReached(5_000, minimumCalls, rate));
        assertEquals(calls == 0 ? 0 : (double) failures / calls, window.counts(5_000).failureRate());
    }

    @Test
    void concurrentRecordingsAreAllCounted() throws Exception {
        int threads = 4;
        int perThread = 10_000;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                done.add(pool.submit(() -> {
                    for (int i = 0; i < perThread; i++) {
                        window.record(i % 1_000, i % 4 == 0);
                    }
                }));
            }
            for (Future<?> future : done) {
                future.get(30, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }

        assertEquals(new Counts(threads * perThread, threads * perThread / 4), window.counts(999));
    }

    @Test
    void rejectsAnEmptyWindow() {
        assertThrows(IllegalArgumentException.class, () -> new SlidingTimeWindow(0, 10));
        assertThrows(IllegalArgumentException.class, () -> new SlidingTimeWindow(10_000, 0));
    }
}
