package io.llmfailover.e2e;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a hostile member of a fleet says on its channel ({@code <prefix>events}) and writes under its
 * prefix, in every message format instances have spoken, so that each instance hears it in its own:
 * version 1 (9b36808) {@code <origin> <kind> <name> <until, epoch millis>}, and version 2
 * {@code 2 <origin> <kind> <millis from now> <name>}.
 */
final class FleetWords {

    /** 3000-01-01T00:00:00Z in epoch millis. */
    static final long YEAR_3000 = 32_503_680_000_000L;
    /** Random key ids silenced and random models opened, per format. */
    static final int RANDOM_KEY_IDS = 100_000;
    static final int RANDOM_MODELS = 50_000;
    /** Random keys set before an instance starts, for its first replay to read. */
    static final int RANDOM_KEYS = 10_000;

    private static final String ORIGIN = "hostile";
    /** The most digits version 2 reads in its millis; beyond, the message is malformed, not far. */
    private static final long MOST_MILLIS_V2 = 999_999_999_999_999_999L;
    private static final Pattern SILENCE_V1 = Pattern.compile("^\\S+ silence (\\S+) \\d+$");
    private static final Pattern SILENCE_V2 = Pattern.compile("^2 \\S+ silence \\d+ (.+)$");

    private FleetWords() {}

    /** An opening of {@code breaker} until {@code untilEpochMillis}, in each format. */
    static List<String> opened(String breaker, long untilEpochMillis) {
        return said("opened", breaker, untilEpochMillis);
    }

    /** A silence of {@code throttle} until {@code untilEpochMillis}, in each format. */
    static List<String> silence(String throttle, long untilEpochMillis) {
        return said("silence", throttle, untilEpochMillis);
    }

    /** The throttle an instance's message silences, in either format. */
    static Optional<String> silencedIn(String message) {
        for (Pattern format : List.of(SILENCE_V1, SILENCE_V2)) {
            Matcher m = format.matcher(message);
            if (m.matches()) {
                return Optional.of(m.group(1));
            }
        }
        return Optional.empty();
    }

    /**
     * Messages no instance sends: empty, short, malformed or out-of-range numbers, extra or missing
     * fields, the wrong version, control characters, invalid UTF-8, a megabyte, a name of 10,000
     * characters. Some name {@code breaker}; none is a well-formed far-future word (those are
     * {@link #opened}'s), but {@code Long.MIN_VALUE} is a number version 1 reads.
     */
    static List<Object> garbage(String breaker) {
        String v1 = ORIGIN + " opened " + breaker;
        String v2 = "2 " + ORIGIN + " opened ";
        List<Object> words = new ArrayList<>(List.of("", " ", "garbage", "\0\0\0",
                new byte[] {(byte) 0xff, (byte) 0xfe, 0, (byte) 0xc3, (byte) 0x28},
                ORIGIN + " opened", v1, v1 + " ", v1 + " soon", v1 + " 1e30", v1 + " 0x7fffffff",
                v1 + " 99999999999999999999999", v1 + " -1", v1 + " " + Long.MIN_VALUE,
                v1 + " 4102444800000 extra", ORIGIN + "  opened " + breaker + " 4102444800000", v1 + " 41024448",
                v1 + " 4102444800000\r\n" + v1 + " 4102444800000", ORIGIN + " opened primary/\u00e9\0 4102444800000",
                ORIGIN + " silence primary#", ORIGIN + " silence # 4102444800000", ORIGIN + " closed",
                ORIGIN + " closed " + breaker + " x",
                "2", "2 " + ORIGIN, v2, v2 + "1000", v2 + "-1000 " + breaker, v2 + "1e3 " + breaker,
                v2 + "+1000 " + breaker, v2 + "0x3e8 " + breaker, v2 + "9223372036854775807 " + breaker,
                v2 + "99999999999999999999 " + breaker, v2 + "0 " + breaker, "2  opened 1000 " + breaker,
                "2 " + ORIGIN + " closed 1000 " + breaker, "2 " + ORIGIN + " reopened 1000 " + breaker,
                "3 " + ORIGIN + " opened 1000 " + breaker, v2 + "1000 " + breaker + "\r\n" + v2 + "1000 " + breaker,
                v2 + "1000 \0" + breaker, v2 + "1000 " + "x".repeat(100_000),
                "x".repeat(1 << 20), " ".repeat(100_000), ORIGIN + " opened " + "/".repeat(10_000) + " 4102444800000"));
        return words;
    }

    /**
     * {@code SET}s, before an instance starts, of silences of random key ids and openings of random
     * models, half each, expiring in ten minutes.
     */
    static List<Object[]> randomKeys(String prefix, Random random) {
        long tenMinutesAhead = System.currentTimeMillis() + Duration.ofMinutes(10).toMillis();
        List<Object[]> commands = new ArrayList<>(RANDOM_KEYS);
        for (int i = 0; i < RANDOM_KEYS; i++) {
            String key = prefix + (i % 2 == 0 ? "silence:primary#" : "open:primary/") + randomName(random);
            commands.add(new Object[] {"SET", key, tenMinutesAhead, "PXAT", tenMinutesAhead});
        }
        return commands;
    }

    /**
     * {@code PUBLISH}es of silences of random key ids, then of openings of random models, in each
     * format, for ten minutes: the silences first, as each would cost an instance that applied it a
     * throttle of its own (twice the issue's 100,000 in all, so that the growth would stand clear of
     * the heap's noise).
     */
    static List<Object[]> randomNames(String channel, Random random) {
        long tenMinutesAhead = System.currentTimeMillis() + Duration.ofMinutes(10).toMillis();
        List<Object[]> commands = new ArrayList<>(2 * (RANDOM_KEY_IDS + RANDOM_MODELS));
        for (String kind : List.of("silence", "opened")) {
            int count = "silence".equals(kind) ? RANDOM_KEY_IDS : RANDOM_MODELS;
            String scope = "silence".equals(kind) ? "primary#" : "primary/";
            for (int format = 0; format < 2; format++) {
                for (int i = 0; i < count; i++) {
                    String word = said(kind, scope + randomName(random), tenMinutesAhead).get(format);
                    commands.add(new Object[] {"PUBLISH", channel, word});
                }
            }
        }
        return commands;
    }

    private static List<String> said(String kind, String name, long untilEpochMillis) {
        long millis = Math.max(1, Math.min(MOST_MILLIS_V2, untilEpochMillis - System.currentTimeMillis()));
        return List.of(ORIGIN + " " + kind + " " + name + " " + untilEpochMillis,
                "2 " + ORIGIN + " " + kind + " " + millis + " " + name);
    }

    private static String randomName(Random random) {
        return Long.toHexString(random.nextLong()) + Long.toHexString(random.nextLong());
    }
}
