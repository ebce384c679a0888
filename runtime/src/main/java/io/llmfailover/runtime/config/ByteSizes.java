package io.llmfailover.runtime.config;

import java.math.BigDecimal;
import java.util.Locale;

/** Config sizes: a number of bytes, or a number with {@code KB}, {@code MB} or {@code GB} (powers of 1024). */
public final class ByteSizes {

    static final String EXPECTED = "expected a size in bytes or with a unit: KB, MB or GB (e.g. 32MB)";

    private ByteSizes() {}

    /** @throws IllegalArgumentException saying what is expected, without echoing the text */
    public static long parse(String text) {
        String value = text.strip().toUpperCase(Locale.ROOT);
        int unitStart = 0;
        while (unitStart < value.length() && (Character.isDigit(value.charAt(unitStart)) || value.charAt(unitStart) == '.')) {
            unitStart++;
        }
        String number = value.substring(0, unitStart);
        long unit = switch (value.substring(unitStart).strip()) {
            case "", "B" -> 1L;
            case "KB" -> 1L << 10;
            case "MB" -> 1L << 20;
            case "GB" -> 1L << 30;
            default -> throw new IllegalArgumentException("unknown size unit; " + EXPECTED);
        };
        try {
            long bytes = new BigDecimal(number).multiply(BigDecimal.valueOf(unit)).setScale(0, java.math.RoundingMode.DOWN)
                    .longValueExact();
            if (bytes < 0) {
                throw new IllegalArgumentException("size out of range; " + EXPECTED);
            }
            return bytes;
        } catch (NumberFormatException | ArithmeticException e) {
            throw new IllegalArgumentException("malformed size; " + EXPECTED);
        }
    }
}
