package io.llmfailover.runtime.resilience.throttle;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The one-pass reading agrees with the exact one on every text, durations and garbage alike. */
class WholeNanosTest {

    private static final String[] UNITS = {"ns", "us", "\u00b5s", "\u03bcs", "ms", "s", "m", "h"};
    private static final String NOISE = "0123456789.+-smhnu\u00b5 x";

    @Test
    void readsWhatTheExactPathReads() {
        Random random = new Random(15);
        for (int i = 0; i < 20_000; i++) {
            String text = i % 4 == 3 ? noise(random) : duration(random);
            assertEquals(GoDuration.parseExactly(text.strip()), GoDuration.parse(text), text);
        }
    }

    @Test
    void theEdgesOfALong() {
        for (String text : new String[] {"9223372036854775807ns", "9223372036854775808ns", "9223372036854775.807us",
            "2562047h47m16.854775807s", "2562047h47m16.854775808s", "2562047.8h", "153722867m", "153722868m",
            "0.000000000001h", "0.0000000000001h", "0.00000000001m", "1.0000000000000000000s", "99999999999999999999s"}) {
            assertEquals(GoDuration.parseExactly(text), GoDuration.parse(text), text);
        }
    }

    private static String duration(Random random) {
        StringBuilder text = new StringBuilder();
        if (random.nextInt(5) == 0) {
            text.append(random.nextBoolean() ? '+' : '-');
        }
        int parts = 1 + random.nextInt(3);
        for (int p = 0; p < parts; p++) {
            if (random.nextInt(6) > 0) {
                text.append(digits(random));
            }
            if (random.nextInt(3) == 0) {
                text.append('.');
                if (random.nextInt(6) > 0) {
                    text.append(digits(random));
                }
            }
            text.append(UNITS[random.nextInt(UNITS.length)]);
        }
        return text.toString();
    }

    private static String digits(Random random) {
        int length = 1 + (random.nextInt(8) == 0 ? random.nextInt(22) : random.nextInt(4));
        StringBuilder digits = new StringBuilder();
        for (int i = 0; i < length; i++) {
            digits.append((char) ('0' + random.nextInt(10)));
        }
        return digits.toString();
    }

    private static String noise(Random random) {
        StringBuilder text = new StringBuilder();
        int length = random.nextInt(9);
        for (int i = 0; i < length; i++) {
            text.append(NOISE.charAt(random.nextInt(NOISE.length())));
        }
        return text.toString();
    }
}
