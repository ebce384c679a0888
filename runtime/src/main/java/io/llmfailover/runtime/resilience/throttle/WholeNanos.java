package io.llmfailover.runtime.resilience.throttle;

/**
 * The one-pass reading of a Go duration that every answer's reset headers take ({@code 1s}, {@code
 * 6m0s}, {@code 2m59.56s}, {@code 120ms}): no pattern, no decimal arithmetic. It
 * gives up, for {@link GoDuration}'s exact path, on what does not add up in whole nanoseconds part
 * by part (a fraction of a nanosecond); it decides alone what is no duration, and what is beyond a
 * {@code long} of nanoseconds.
 */
final class WholeNanos {

    /** Not a Go duration, or more nanoseconds than a {@code long} holds. */
    static final long NOT_A_DURATION = -1;
    /** A duration whose parts are not whole nanoseconds each: {@link GoDuration} adds them up exactly. */
    static final long NEEDS_EXACT_SUM = -2;

    private static final long[] POWERS_OF_TEN = {1L, 10L, 100L, 1_000L, 10_000L, 100_000L, 1_000_000L,
        10_000_000L, 100_000_000L, 1_000_000_000L, 10_000_000_000L, 100_000_000_000L, 1_000_000_000_000L};

    private final String text;
    private int at;

    private WholeNanos(String text) {
        this.text = text;
    }

    /** The duration's magnitude in nanoseconds (its sign is the text's first character), or one of the two markers. */
    static long of(String text) {
        return new WholeNanos(text).magnitude();
    }

    private long magnitude() {
        if (at < text.length() && (text.charAt(at) == '+' || text.charAt(at) == '-')) {
            at++;
        }
        if (text.length() - at == 1 && text.charAt(at) == '0') {
            return 0;
        }
        if (at == text.length()) {
            return NOT_A_DURATION;
        }
        long total = 0;
        while (at < text.length()) {
            long part = part();
            if (part < 0) {
                return part;
            }
            total += part;
            if (total < 0) {
                return NOT_A_DURATION;
            }
        }
        return total;
    }

    /** One number and its unit, in nanoseconds. */
    private long part() {
        int wholeStart = at;
        long whole = 0;
        boolean wholeOverflows = false;
        while (at < text.length() && isDigit(text.charAt(at))) {
            int digit = text.charAt(at++) - '0';
            wholeOverflows |= whole > (Long.MAX_VALUE - digit) / 10;
            whole = whole * 10 + digit;
        }
        int wholeDigits = at - wholeStart;
        long fraction = 0;
        int fractionDigits = 0;
        boolean dotted = at < text.length() && text.charAt(at) == '.';
        if (dotted) {
            at++;
            int fractionStart = at;
            while (at < text.length() && isDigit(text.charAt(at))) {
                at++;
            }
            int end = at;
            while (end > fractionStart && text.charAt(end - 1) == '0') {
                end--; // trailing zeros add nothing
            }
            fractionDigits = end - fractionStart;
            if (fractionDigits >= POWERS_OF_TEN.length) {
                return wholeDigits + (at - fractionStart) == 0 ? NOT_A_DURATION : NEEDS_EXACT_SUM;
            }
            for (int i = fractionStart; i < end; i++) {
                fraction = fraction * 10 + (text.charAt(i) - '0');
            }
            if (wholeDigits + (at - fractionStart) == 0) {
                return NOT_A_DURATION;
            }
        } else if (wholeDigits == 0) {
            return NOT_A_DURATION;
        }
        long unit = unitNanos();
        if (unit < 0) {
            return NOT_A_DURATION;
        }
        if (wholeOverflows) {
            return NOT_A_DURATION;
        }
        long scale = POWERS_OF_TEN[fractionDigits];
        if (unit % scale != 0) {
            return NEEDS_EXACT_SUM;
        }
        try {
            return Math.addExact(Math.multiplyExact(whole, unit), fraction * (unit / scale));
        } catch (ArithmeticException tooLarge) {
            return NOT_A_DURATION;
        }
    }

    /** The unit at the current position, consumed, in nanoseconds; -1 when there is none. */
    private long unitNanos() {
        if (at == text.length()) {
            return -1;
        }
        char first = text.charAt(at++);
        char second = at < text.length() ? text.charAt(at) : 0;
        switch (first) {
            case 'h':
                return 3_600_000_000_000L;
            case 's':
                return 1_000_000_000L;
            case 'm':
                if (second == 's') {
                    at++;
                    return 1_000_000L;
                }
                return 60_000_000_000L;
            case 'n':
            case 'u':
            case '\u00b5':
            case '\u03bc':
                if (second != 's') {
                    return -1;
                }
                at++;
                return first == 'n' ? 1L : 1_000L;
            default:
                return -1;
        }
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
