package io.llmfailover.runtime.resilience.throttle;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/**
 * An RFC 3339 instant, as Anthropic writes its rate-limit resets. Every answer carries four, so the
 * shape they come in ({@code 2026-01-01T00:00:30Z}) is read digit by digit; any other shape (a
 * fraction, an offset) goes to {@link OffsetDateTime#parse}, which takes a microsecond or more.
 */
final class Rfc3339 {

    private static final int WHOLE_SECONDS_UTC_LENGTH = "2026-01-01T00:00:30Z".length();

    private Rfc3339() {}

    /** @throws DateTimeException when the text is not an RFC 3339 date-time with an offset */
    static Instant parse(String text) {
        if (text.length() == WHOLE_SECONDS_UTC_LENGTH && hasSeparatorsOfWholeSecondsUtc(text)) {
            int year = digits(text, 0, 4);
            int month = digits(text, 5, 2);
            int day = digits(text, 8, 2);
            int hour = digits(text, 11, 2);
            int minute = digits(text, 14, 2);
            int second = digits(text, 17, 2);
            if (year >= 0 && month >= 0 && day >= 0 && hour >= 0 && minute >= 0 && second >= 0) {
                // LocalDateTime.of refuses what the parser would: a 13th month, a 30 February, a 24th hour.
                return LocalDateTime.of(year, month, day, hour, minute, second).toInstant(ZoneOffset.UTC);
            }
        }
        return OffsetDateTime.parse(text).toInstant();
    }

    private static boolean hasSeparatorsOfWholeSecondsUtc(String text) {
        return text.charAt(4) == '-' && text.charAt(7) == '-' && text.charAt(10) == 'T'
                && text.charAt(13) == ':' && text.charAt(16) == ':' && text.charAt(19) == 'Z';
    }

    /** The value of {@code count} ASCII digits from {@code start}, or -1 when one is not a digit. */
    private static int digits(String text, int start, int count) {
        int value = 0;
        for (int i = start; i < start + count; i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }
}
