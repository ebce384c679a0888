package io.llmfailover.runtime.resilience.throttle;

import static io.llmfailover.runtime.testing.Tries.forAll;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.llmfailover.runtime.testing.Generator;
import java.math.BigInteger;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@link GoDuration} over generated text (tries and seed: see {@link io.llmfailover.runtime.testing.Tries}). */
class GoDurationProperties {

    private static final BigInteger LONGEST_NANOS = BigInteger.valueOf(Long.MAX_VALUE);

    @Test
    void anyTextIsADurationInNanosecondRangeOrEmpty() {
        forAll(HeaderValues.any(), text -> GoDuration.parse(text).ifPresent(Duration::toNanos)); // toNanos() throws out of range
    }

    @Test
    void wholeAmountsAddUpToTheirSumOrAreEmptyBeyondTheRange() {
        forAll(wholeParts(), parts -> {
            BigInteger nanos = parts.stream().map(Part::nanos).reduce(BigInteger.ZERO, BigInteger::add);

            Optional<Duration> expected = nanos.compareTo(LONGEST_NANOS) > 0
                    ? Optional.empty()
                    : Optional.of(Duration.ofNanos(nanos.longValueExact()));
            assertEquals(expected, GoDuration.parse(text(parts)), text(parts));
        });
    }

    @Test
    void aMinusSignNegatesAndSurroundingSpaceIsIgnored() {
        forAll(wholeParts(), parts -> assertEquals(GoDuration.parse(text(parts)).map(Duration::negated),
                GoDuration.parse(" -" + text(parts) + "\t"), text(parts)));
    }

    /** A unit Go prints, and its length. */
    record Unit(String symbol, long nanos) {}

    /** One whole amount of a unit: {@code 90s}. */
    record Part(long amount, Unit unit) {
        BigInteger nanos() {
            return BigInteger.valueOf(amount).multiply(BigInteger.valueOf(unit.nanos()));
        }
    }

    private static final List<Unit> UNITS = List.of(new Unit("ns", 1L), new Unit("us", 1_000L), new Unit("\u00b5s", 1_000L),
            new Unit("ms", 1_000_000L), new Unit("s", 1_000_000_000L), new Unit("m", 60_000_000_000L), new Unit("h", 3_600_000_000_000L));

    private static String text(List<Part> parts) {
        return String.join("", parts.stream().map(part -> part.amount() + part.unit().symbol()).toList());
    }

    /** One to four parts, amounts small or up to Long.MAX_VALUE. */
    private static Generator<List<Part>> wholeParts() {
        Generator<Long> amount = Generator.oneOf(random -> (long) random.nextInt(10_001), random -> random.nextLong() & Long.MAX_VALUE);
        Generator<Unit> unit = Generator.elementOf(UNITS);
        Generator<Part> part = random -> new Part(amount.next(random), unit.next(random));
        return random -> {
            List<Part> parts = Generator.listOf(part, 3).next(random);
            parts.add(part.next(random));
            return parts;
        };
    }
}
