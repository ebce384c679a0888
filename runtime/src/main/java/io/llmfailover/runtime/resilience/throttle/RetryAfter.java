package io.llmfailover.runtime.resilience.throttle;

import io.llmfailover.runtime.contract.HttpHeaders;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Pattern;

/**
 * The wait a server asked for before the next request, read the way the official OpenAI and
 * Anthropic SDKs read it: {@code retry-after-ms} (or Azure's {@code x-ms-retry-after-ms}) in
 * milliseconds, else {@code retry-after} as seconds, possibly fractional, or as an RFC 1123 HTTP-date.
 * A header that cannot be read is skipped in favour of the next; a wait in the past is 0.
 */
public final class RetryAfter {

    private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)");

    private RetryAfter() {}

    /** The requested wait in milliseconds, or empty when no header says one. */
    public static OptionalLong waitMillis(HttpHeaders headers, long nowMillis) {
        OptionalLong millis = decimalMillis(headers.first("retry-after-ms"), 1);
        if (millis.isEmpty()) {
            millis = decimalMillis(headers.first("x-ms-retry-after-ms"), 1);
        }
        if (millis.isEmpty()) {
            millis = retryAfter(headers.first("retry-after"), nowMillis);
        }
        return millis;
    }

    private static OptionalLong retryAfter(Optional<String> value, long nowMillis) {
        OptionalLong seconds = decimalMillis(value, 1000);
        return seconds.isPresent() ? seconds : httpDateMillis(value, nowMillis);
    }

    /** A plain decimal number times {@code millisPerUnit}, rounded up to a whole millisecond. */
    static OptionalLong decimalMillis(Optional<String> value, long millisPerUnit) {
        if (value.isEmpty() || !DECIMAL.matcher(value.get().strip()).matches()) {
            return OptionalLong.empty();
        }
        double millis = Math.ceil(Double.parseDouble(value.get().strip()) * millisPerUnit);
        // The cast saturates huge values (and the Infinity of 400 digits) at Long.MAX_VALUE; the pattern admits no NaN.
        return OptionalLong.of(Math.max(0, (long) millis));
    }

    private static OptionalLong httpDateMillis(Optional<String> value, long nowMillis) {
        if (value.isEmpty()) {
            return OptionalLong.empty();
        }
        try {
            Instant at = ZonedDateTime.parse(value.get().strip(), DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
            return OptionalLong.of(millisUntil(at, nowMillis));
        } catch (DateTimeException e) {
            return OptionalLong.empty();
        }
    }

    /**
     * Milliseconds from {@code nowMillis} until {@code at}, rounded up: 0 when it is past, {@code
     * Long.MAX_VALUE} when it is too far away to count (an instant in the year 999999999 overflows
     * {@link Instant#toEpochMilli()}).
     */
    static long millisUntil(Instant at, long nowMillis) {
        Instant now = Instant.ofEpochMilli(nowMillis);
        if (!at.isAfter(now)) {
            return 0;
        }
        long seconds = at.getEpochSecond() - now.getEpochSecond(); // both within +-3.2e16: no overflow
        if (seconds >= Long.MAX_VALUE / 1000 - 1) {
            return Long.MAX_VALUE;
        }
        long nanos = at.getNano() - now.getNano();
        return seconds * 1000 + Math.floorDiv(nanos + 999_999, 1_000_000);
    }
}
