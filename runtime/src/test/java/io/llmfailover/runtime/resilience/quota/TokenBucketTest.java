package io.llmfailover.runtime.resilience.quota;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The bucket's arithmetic, with plain numbers: what it holds after charges, refills and refunds, and the waits it names. */
class TokenBucketTest {

    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

    @ParameterizedTest(name = "{0} per minute, {1} charged, {2} s later: holds {3}, {4} more wait {5} ms")
    @CsvSource({
            // per minute, charged at 0, seconds later, level, asked, wait ms
            "60,     0,     0,  60,    1,     0",
            "60,     60,    0,  0,     1,     1000",
            "60,     60,    1,  1,     1,     0",
            "60,     60,    30, 30,    31,    1000",
            "60,     10,    90, 60,    60,    0",
            "60,     0,     0,  60,    61,    -1",
            "120000, 120000, 1, 2000,  4000,  1000",
            "120000, 125000, 0, -5000, 1000,  3000",
    })
    void aPerMinuteBucketIsFullAtFirstAndRefillsContinuously(long perMinute, long charged, long secondsLater,
            double level, long asked, long waitMillis) {
        TokenBucket bucket = TokenBucket.perMinute(perMinute, 0);
        bucket.charge(charged, 0);
        long now = secondsLater * SECOND;

        assertEquals(level, bucket.level(now), 1e-6);
        long wait = bucket.nanosUntil(asked, now);
        assertEquals(waitMillis, wait == Long.MAX_VALUE ? -1 : TimeUnit.NANOSECONDS.toMillis(wait + 999_999));
    }

    @ParameterizedTest(name = "{0} left of {1}, reset in {2} s: holds {3} now, {4} after {5} s")
    @CsvSource({
            // remaining, limit (-1: not announced), reset s, level now, level later, seconds later
            "5,   60,  55, 5,  6,  1",
            "0,   60,  60, 0,  30, 30",
            "4,   -1,  40, 0,  1,  10",
            "0,   -1,  30, 0,  0,  29",
            "200, 1000, 8, 200, 1000, 8",
    })
    void anAnnouncedBucketHoldsWhatRemainsAndRefillsByTheReset(long remaining, long limit, long resetSeconds,
            double levelNow, double levelLater, long secondsLater) {
        TokenBucket bucket = TokenBucket.announced(remaining, limit, resetSeconds * SECOND, 0);

        assertEquals(levelNow, bucket.level(0), 1e-6);
        assertEquals(levelLater, bucket.level(secondsLater * SECOND), 1e-6);
    }

    @ParameterizedTest(name = "refund of {1} after charging {0}: holds {2}")
    @CsvSource({
            "30, 10, 40",
            "30, 50, 60",
            "90, 20, -10",
    })
    void aRefundNeverFillsBeyondCapacity(long charged, long refunded, double level) {
        TokenBucket bucket = TokenBucket.perMinute(60, 0);
        bucket.charge(charged, 0);
        bucket.refund(refunded, 0);

        assertEquals(level, bucket.level(0), 1e-6);
    }
}
