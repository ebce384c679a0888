package io.llmfailover.runtime.throttle;

import io.llmfailover.runtime.http.HttpHeaders;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
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
        return OptionalLong.of(Math.max(0, (long) millis)); // the cast saturates huge values at Long.MAX_VALUE
    }

    private static OptionalLong httpDateMillis(Optional<String> value, long nowMillis) {
        if (value.isEmpty()) {
            return OptionalLong.empty();
        }
        try {
            long at = ZonedDateTime.parse(value.get().strip(), DateTimeFormatter.RFC_1123_DATE_TIME)
                    .toInstant()
                    .toEpochMilli();
            return OptionalLong.of(Math.max(0, at - nowMillis));
        } catch (DateTimeParseException e) {
            return OptionalLong.empty();
        }
    }
}
