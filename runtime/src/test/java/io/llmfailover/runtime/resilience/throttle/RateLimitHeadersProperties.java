package io.llmfailover.runtime.resilience.throttle;

import static io.llmfailover.runtime.resilience.throttle.RetryAfterProperties.assertNotNegative;
import static io.llmfailover.runtime.testing.Tries.forAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.contract.HttpHeaders;
import java.math.BigInteger;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** {@link RateLimitHeaders} over generated headers (tries and seed: see {@link io.llmfailover.runtime.testing.Tries}). */
class RateLimitHeadersProperties {

    private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");
    private static final BigInteger MILLION = BigInteger.valueOf(1_000_000);

    @Test
    void anyHeadersGiveWaitsThatAreNotNegativeAndASpentLimitResetsNoLaterThanTheSlowest() {
        forAll(HeaderValues.headerLines(), lines -> {
            HttpHeaders headers = HeaderValues.headers(lines);

            OptionalLong exhausted = RateLimitHeaders.exhaustedResetMillis(headers, NOW.toEpochMilli());
            OptionalLong slowest = RateLimitHeaders.resetMillis(headers, NOW.toEpochMilli());

            assertNotNegative(exhausted);
            assertNotNegative(slowest);
            if (exhausted.isPresent()) {
                assertTrue(slowest.isPresent() && exhausted.getAsLong() <= slowest.getAsLong(), exhausted + " > " + slowest);
            }
        });
    }

    @Test
    void aSpentOpenAiLimitWaitsItsGoDurationRoundedUpToAMillisecond() {
        forAll(HeaderValues.goDurations(), reset -> {
            HttpHeaders headers = Headers.of("x-ratelimit-remaining-tokens", "0", "x-ratelimit-reset-tokens", reset);

            OptionalLong expected = GoDuration.parse(reset).map(d -> OptionalLong.of(ceilMillis(d))).orElse(OptionalLong.empty());
            assertEquals(expected, RateLimitHeaders.exhaustedResetMillis(headers, NOW.toEpochMilli()), reset);
        });
    }

    @Test
    void aSpentAnthropicLimitWaitsUntilItsInstantOfAnyYearOrNotAtAllWhenItIsPast() {
        forAll(HeaderValues.rfc3339Instants(), reset -> {
            HttpHeaders headers = Headers.of("anthropic-ratelimit-output-tokens-remaining", "0",
                    "anthropic-ratelimit-output-tokens-reset", reset);

            OptionalLong expected = OptionalLong.empty();
            try {
                expected = OptionalLong.of(millisUntil(OffsetDateTime.parse(reset).toInstant()));
            } catch (DateTimeException unreadable) {
                // then nothing is expected
            }
            assertEquals(expected, RateLimitHeaders.exhaustedResetMillis(headers, NOW.toEpochMilli()), reset);
        });
    }

    /** Exactly, in big numbers: rounded up, 0 when past, {@code Long.MAX_VALUE} when too far to count. */
    private static long millisUntil(Instant at) {
        BigInteger nanos = BigInteger.valueOf(at.getEpochSecond() - NOW.getEpochSecond()).multiply(BigInteger.valueOf(1_000_000_000))
                .add(BigInteger.valueOf(at.getNano() - NOW.getNano()));
        BigInteger[] millis = nanos.divideAndRemainder(MILLION);
        BigInteger up = millis[1].signum() > 0 ? millis[0].add(BigInteger.ONE) : millis[0];
        return up.max(BigInteger.ZERO).min(BigInteger.valueOf(Long.MAX_VALUE)).longValueExact();
    }

    private static long ceilMillis(Duration duration) {
        return duration.isNegative() ? 0 : millisUntil(NOW.plus(duration));
    }
}
