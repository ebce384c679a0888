package io.llmfailover.runtime.resilience.throttle;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses durations written the way Go's {@code time.Duration} prints them, which OpenAI and Groq
 * use in their {@code x-ratelimit-reset-*} headers: {@code 1s}, {@code 12ms}, {@code 6m0s}, {@code
 * 2m59.56s}, {@code 1h2m3s}, {@code 500us}. A sequence of decimal numbers, each with a unit among
 * {@code ns us µs ms s m h}, with an optional leading sign; a bare {@code 0} is zero. Anything else,
 * and anything beyond the range of a {@link Duration} in nanoseconds, is empty.
 */
public final class GoDuration {

    /** One number and its unit; the micro sign and the Greek mu are both accepted, as Go does. */
    private static final String PART_TEXT = "(\\d+(?:\\.\\d*)?|\\.\\d+)(ns|us|\u00b5s|\u03bcs|ms|s|m|h)";
    private static final Pattern WHOLE = Pattern.compile("[+-]?(?:0|(?:" + PART_TEXT + ")+)");
    private static final Pattern PART = Pattern.compile(PART_TEXT);
    private static final BigDecimal MAX_NANOS = BigDecimal.valueOf(Long.MAX_VALUE);

    private GoDuration() {}

    public static Optional<Duration> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        String trimmed = text.strip();
        long nanos = WholeNanos.of(trimmed);
        if (nanos == WholeNanos.NOT_A_DURATION) {
            return Optional.empty();
        }
        if (nanos == WholeNanos.NEEDS_EXACT_SUM) {
            return parseExactly(trimmed);
        }
        return Optional.of(Duration.ofNanos(trimmed.startsWith("-") ? -nanos : nanos));
    }

    /**
     * The slow path, for what does not add up in whole nanoseconds part by part (fractions of one);
     * it reads any text as {@link #parse} does, which its test checks.
     */
    static Optional<Duration> parseExactly(String trimmed) {
        if (!WHOLE.matcher(trimmed).matches()) {
            return Optional.empty();
        }
        boolean negative = trimmed.startsWith("-");
        BigDecimal nanos = BigDecimal.ZERO;
        Matcher part = PART.matcher(trimmed);
        while (part.find()) {
            nanos = nanos.add(new BigDecimal(part.group(1)).multiply(BigDecimal.valueOf(unitNanos(part.group(2)))));
        }
        if (nanos.compareTo(MAX_NANOS) > 0) {
            return Optional.empty();
        }
        long whole = nanos.setScale(0, RoundingMode.DOWN).longValueExact();
        return Optional.of(Duration.ofNanos(negative ? -whole : whole));
    }

    private static long unitNanos(String unit) {
        switch (unit) {
            case "ns":
                return 1L;
            case "us":
            case "\u00b5s":
            case "\u03bcs":
                return 1_000L;
            case "ms":
                return 1_000_000L;
            case "s":
                return 1_000_000_000L;
            case "m":
                return 60_000_000_000L;
            case "h":
                return 3_600_000_000_000L;
            default:
                throw new IllegalStateException("unit outside the pattern: " + unit);
        }
    }
}
