package io.llmfailover.runtime.resilience.throttle;

import static io.llmfailover.runtime.testing.Tries.forAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.llmfailover.runtime.testing.Generator;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.OffsetDateTime;
import org.junit.jupiter.api.Test;

class Rfc3339Test {

    @Test
    void readsTheShapeAnthropicWritesAndEveryOtherShapeThroughTheParser() {
        assertEquals(Instant.parse("2026-01-01T00:00:30Z"), Rfc3339.parse("2026-01-01T00:00:30Z"));
        assertEquals(Instant.parse("2024-02-29T23:59:59Z"), Rfc3339.parse("2024-02-29T23:59:59Z"));
        assertEquals(Instant.parse("2026-01-01T00:00:01.500Z"), Rfc3339.parse("2026-01-01T01:00:01.5+01:00"));
        assertEquals(Instant.parse("2026-01-01T00:00:30Z"), Rfc3339.parse("2026-01-01t00:00:30z"));
    }

    @Test
    void refusesWhatIsNoDateTime() {
        for (String wrong : new String[] {"2026-02-30T00:00:00Z", "2026-13-01T00:00:00Z", "2026-01-01T24:00:00Z",
                "2026-01-01T00:60:00Z", "2026-01-01T00:00:60Z", "2026-01-01T00:00:00", "30s", "", "2026-01-01 00:00:00Z",
                "2026-01-01T00:00:0\u0663Z", "2026-01-01T00:00:30X", "2026-01-01T00:00:30+"}) {
            assertThrows(DateTimeException.class, () -> Rfc3339.parse(wrong), wrong);
        }
    }

    @Test
    void agreesWithTheJdkParserOnAnyTextOfTheShape() {
        forAll(dateTimes(), text -> {
            Object expected = parsedByJdk(text);
            Object actual;
            try {
                actual = Rfc3339.parse(text);
            } catch (DateTimeException refused) {
                actual = "refused";
            }
            assertEquals(expected, actual, text);
        });
    }

    private static Object parsedByJdk(String text) {
        try {
            return OffsetDateTime.parse(text).toInstant();
        } catch (DateTimeException refused) {
            return "refused";
        }
    }

    /** Date-times of the fast shape with fields in and out of range, now and then a character changed. */
    private static Generator<String> dateTimes() {
        Generator<String> fields = random -> String.format("%04d-%02d-%02dT%02d:%02d:%02dZ",
                Generator.intsBetween(0, 9999).next(random), Generator.intsBetween(0, 13).next(random),
                Generator.intsBetween(0, 32).next(random), Generator.intsBetween(0, 25).next(random),
                Generator.intsBetween(0, 61).next(random), Generator.intsBetween(0, 61).next(random));
        Generator<String> changed = random -> {
            char[] text = fields.next(random).toCharArray();
            text[random.nextInt(text.length)] = "0123456789-T:Z tz+.x\u0663".charAt(random.nextInt(21));
            return new String(text);
        };
        return Generator.oneOf(fields, changed);
    }
}
