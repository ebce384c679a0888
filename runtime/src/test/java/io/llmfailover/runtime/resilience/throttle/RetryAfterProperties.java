package io.llmfailover.runtime.resilience.throttle;

import static io.llmfailover.runtime.testing.Tries.forAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.testing.Generator;
import java.math.BigInteger;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** {@link RetryAfter} over generated headers (tries and seed: see {@link io.llmfailover.runtime.testing.Tries}). */
class RetryAfterProperties {

    /** Thursday 1 January 2026, 00:00:00 UTC: a whole second, so HTTP dates count exactly. */
    private static final long NOW = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();

    /** Seconds below 2^43 are below 2^53 milliseconds: exact in the double the header is read as. */
    private static final int EXACT_SECONDS_BITS = 43;

    @Test
    void anyHeadersGiveNoWaitOrOneThatIsNotNegative() {
        forAll(HeaderValues.headerLines(), lines -> assertNotNegative(RetryAfter.waitMillis(HeaderValues.headers(lines), NOW)));
    }

    @Test
    void anyValueAtAnyClockReadingGivesNoWaitOrOneThatIsNotNegative() {
        forAll(random -> new ValueAt(HeaderValues.any().next(random), random.nextLong()), valueAt ->
                assertNotNegative(RetryAfter.waitMillis(Headers.of("retry-after", valueAt.value()), valueAt.nowMillis())));
    }

    @Test
    void aWholeNumberOfSecondsWaitsAThousandTimesAsManyMilliseconds() {
        Generator<Long> seconds = random -> random.nextLong() >>> (64 - 1 - random.nextInt(EXACT_SECONDS_BITS)); // 1 to 43 bits long
        forAll(seconds, n -> assertEquals(OptionalLong.of(n * 1000),
                RetryAfter.waitMillis(Headers.of("retry-after", n.toString()), NOW), n::toString));
    }

    @Test
    void anAbsurdNumberOfSecondsIsStillAnAbsurdlyLongWait() {
        Generator<BigInteger> seconds = random -> BigInteger.ONE.shiftLeft(EXACT_SECONDS_BITS).add(new BigInteger(1 + random.nextInt(1400), random));
        forAll(seconds, n -> {
            long wait = RetryAfter.waitMillis(Headers.of("retry-after", n.toString()), NOW).orElseThrow();

            assertTrue(wait >= (1000L << EXACT_SECONDS_BITS), () -> n + " seconds is a wait of " + wait + " ms");
        });
    }

    @Test
    void anHttpDateWaitsUntilThatSecondOrNotAtAllWhenItIsPast() {
        Generator<Instant> wholeSeconds = random -> HeaderValues.instantBetween(random, HeaderValues.YEAR_1, HeaderValues.YEAR_9999)
                .truncatedTo(ChronoUnit.SECONDS);
        forAll(wholeSeconds, at -> {
            String date = DateTimeFormatter.RFC_1123_DATE_TIME.format(at.atOffset(ZoneOffset.UTC));

            long expected = Math.max(0, at.toEpochMilli() - NOW);
            assertEquals(OptionalLong.of(expected), RetryAfter.waitMillis(Headers.of("retry-after", date), NOW), date);
        });
    }

    /** One header value read at one clock reading. */
    record ValueAt(String value, long nowMillis) {}

    static void assertNotNegative(OptionalLong waitMillis) {
        waitMillis.ifPresent(wait -> assertTrue(wait >= 0, () -> "a negative wait: " + wait));
    }
}
