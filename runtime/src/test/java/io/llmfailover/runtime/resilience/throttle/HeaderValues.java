package io.llmfailover.runtime.resilience.throttle;

import static io.llmfailover.runtime.testing.Generator.anyText;
import static io.llmfailover.runtime.testing.Generator.elementOf;
import static io.llmfailover.runtime.testing.Generator.listOf;
import static io.llmfailover.runtime.testing.Generator.oneOf;
import static io.llmfailover.runtime.testing.Generator.weighted;

import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.testing.Generator;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * What a server may put in the headers the throttle reads: garbage, edge numbers, Go durations,
 * HTTP dates and RFC 3339 instants of any year, and each of these with one edit.
 */
final class HeaderValues {

    /** Every header the throttle reads. */
    static final List<String> THROTTLE_HEADERS = List.of("retry-after-ms", "x-ms-retry-after-ms", "retry-after",
            "x-ratelimit-remaining-requests", "x-ratelimit-reset-requests",
            "x-ratelimit-remaining-tokens", "x-ratelimit-reset-tokens",
            "anthropic-ratelimit-requests-remaining", "anthropic-ratelimit-requests-reset",
            "anthropic-ratelimit-tokens-remaining", "anthropic-ratelimit-tokens-reset",
            "anthropic-ratelimit-input-tokens-remaining", "anthropic-ratelimit-input-tokens-reset",
            "anthropic-ratelimit-output-tokens-remaining", "anthropic-ratelimit-output-tokens-reset");

    static final Instant YEAR_1 = Instant.parse("0001-01-01T00:00:00Z");
    static final Instant YEAR_9999 = Instant.parse("9999-12-31T23:59:59Z");

    private HeaderValues() {}

    /** Any value, weighted towards the ones that almost parse. */
    static Generator<String> any() {
        return weighted(
                2, anyText(40),
                2, edgeNumbers(),
                2, goDurations(),
                1, httpDates(),
                1, rfc3339Instants(),
                1, elementOf("0", "1", "-1", "0.0", ".5", "1.", "", " ", "0s", "1m30s", "6ms"),
                3, edited(oneOf(edgeNumbers(), goDurations(), httpDates(), rfc3339Instants())));
    }

    /**
     * Header lines {@code name:value}, named among the headers the throttle reads (in any case): a
     * list of text, so that a failure shrinks to the fewest and shortest lines.
     */
    static Generator<List<String>> headerLines() {
        Generator<String> name = oneOf(elementOf(THROTTLE_HEADERS),
                elementOf(THROTTLE_HEADERS).map(n -> n.toUpperCase(Locale.ROOT)));
        Generator<String> line = random -> name.next(random) + ":" + any().next(random);
        return listOf(line, 8);
    }

    /** The lines as headers: the name before the first colon, the value after it. */
    static HttpHeaders headers(List<String> lines) {
        HttpHeaders.Builder builder = HttpHeaders.builder();
        for (String line : lines) {
            int colon = line.indexOf(':');
            builder.add(colon < 0 ? line : line.substring(0, colon), colon < 0 ? "" : line.substring(colon + 1));
        }
        return builder.build();
    }

    /** Numbers at and beyond every boundary: huge, negative, tiny, exponents, NaN and infinities. */
    static Generator<String> edgeNumbers() {
        return oneOf(
                random -> String.valueOf(random.nextLong()),
                random -> new BigInteger(1 + random.nextInt(1400), random).multiply(BigInteger.valueOf(random.nextInt(3) - 1)).toString(),
                random -> String.valueOf(Double.longBitsToDouble(random.nextLong())),
                random -> "9".repeat(1 + random.nextInt(400)),
                random -> "0." + "0".repeat(random.nextInt(400)) + "1",
                elementOf("NaN", "-NaN", "Infinity", "-Infinity", "1e309", "1E-400", "0x7fffffff", "-0", "+0", "4.9E-324",
                        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "1_000", "\u0661\u0662"));
    }

    /** Durations as Go prints them, with up to four parts and amounts from tiny to absurd. */
    static Generator<String> goDurations() {
        Generator<String> amount = oneOf(
                random -> String.valueOf(random.nextLong() & Long.MAX_VALUE),
                random -> String.valueOf(random.nextInt(1001)),
                random -> new BigDecimal(new BigInteger(1 + random.nextInt(100), random), random.nextInt(12)).toPlainString());
        Generator<String> unit = elementOf("ns", "us", "\u00b5s", "\u03bcs", "ms", "s", "m", "h");
        Generator<String> sign = elementOf("", "", "+", "-");
        return random -> {
            StringBuilder text = new StringBuilder(sign.next(random));
            for (int parts = 1 + random.nextInt(4); parts > 0; parts--) {
                text.append(amount.next(random)).append(unit.next(random));
            }
            return text.toString();
        };
    }

    /** RFC 1123 dates of any instant a four-digit year can write, and of years it cannot. */
    static Generator<String> httpDates() {
        Generator<String> written = random -> DateTimeFormatter.RFC_1123_DATE_TIME.format(
                instantBetween(random, YEAR_1, YEAR_9999).atOffset(ZoneOffset.UTC));
        Generator<String> absurdYear = random -> "Thu, 01 Jan " + (10_000 + (random.nextLong() & Long.MAX_VALUE)) + " 00:00:00 GMT";
        return weighted(4, written, 1, absurdYear);
    }

    /** RFC 3339 instants of any year a date-time can hold, at any offset, and of years beyond. */
    static Generator<String> rfc3339Instants() {
        Instant first = LocalDateTime.MIN.toInstant(ZoneOffset.UTC);
        Instant last = LocalDateTime.MAX.toInstant(ZoneOffset.UTC);
        Generator<String> written = random -> {
            Instant at = instantBetween(random, first, last);
            try {
                return at.atOffset(ZoneOffset.ofTotalSeconds(random.nextInt(2 * 18 * 3600 + 1) - 18 * 3600)).toString();
            } catch (DateTimeException beyondTheLastYear) {
                return at.atOffset(ZoneOffset.UTC).toString();
            }
        };
        Generator<String> absurdYear = random -> random.nextLong() + "-01-01T00:00:00Z";
        return weighted(4, written, 1, absurdYear);
    }

    /** A value with one edit: a character inserted, deleted or replaced, the tail cut, or a repeat. */
    static Generator<String> edited(Generator<String> valid) {
        Generator<Character> character = oneOf(elementOf(':', '.', '-', '+', 'e', ' ', 's', 'm', '0', '9', 'Z', 'T',
                '\u0000', '\uFFFF', '\uD800'), random -> (char) random.nextInt(0x10000));
        return random -> {
            String value = valid.next(random);
            int at = value.isEmpty() ? 0 : random.nextInt(value.length());
            char c = character.next(random);
            return switch (random.nextInt(5)) {
                case 0 -> value.substring(0, at) + c + value.substring(at);
                case 1 -> value.isEmpty() ? value : value.substring(0, at) + value.substring(at + 1);
                case 2 -> value.isEmpty() ? String.valueOf(c) : value.substring(0, at) + c + value.substring(at + 1);
                case 3 -> value.substring(0, at);
                default -> value + value.substring(at);
            };
        };
    }

    static Instant instantBetween(Random random, Instant from, Instant to) {
        long seconds = from.getEpochSecond() + Math.floorMod(random.nextLong(), to.getEpochSecond() - from.getEpochSecond() + 1);
        return Instant.ofEpochSecond(seconds, random.nextInt(1_000_000_000));
    }
}
