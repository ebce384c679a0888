package io.llmfailover.runtime.config;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Locale;

/** Config durations: a number and a unit, {@code 500ms}, {@code 2s}, {@code 1.5m}, {@code 1h}. */
public final class Durations {

    static final String EXPECTED = "expected a number with a unit: ms, s, m or h (e.g. 500ms, 2s, 1m)";

    private Durations() {}

    /**
     * @throws IllegalArgumentException saying what is wrong and what is expected, without echoing
     *     the text (it may come from an environment variable)
     */
    public static Duration parse(String text) {
        String value = text.strip().toLowerCase(Locale.ROOT);
        int unitStart = 0;
        while (unitStart < value.length() && (Character.isDigit(value.charAt(unitStart)) || value.charAt(unitStart) == '.')) {
            unitStart++;
        }
        String number = value.substring(0, unitStart);
        String unit = value.substring(unitStart).strip();
        if (number.isEmpty()) {
            throw new IllegalArgumentException("malformed duration; " + EXPECTED);
        }
        if (unit.isEmpty()) {
            throw new IllegalArgumentException("a duration needs a unit; add ms, s, m or h (e.g. 2s)");
        }
        BigDecimal amount;
        try {
            amount = new BigDecimal(number);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("malformed duration; " + EXPECTED);
        }
        try {
            return Duration.ofNanos(amount.multiply(nanosPer(unit)).longValueExact());
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("duration out of range; " + EXPECTED);
        }
    }

    private static BigDecimal nanosPer(String unit) {
        long nanos = switch (unit) {
            case "ms" -> 1_000_000L;
            case "s" -> 1_000_000_000L;
            case "m" -> 60_000_000_000L;
            case "h" -> 3_600_000_000_000L;
            default -> throw new IllegalArgumentException("unknown duration unit; " + EXPECTED);
        };
        return BigDecimal.valueOf(nanos);
    }
}
