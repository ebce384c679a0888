package io.llmfailover.runtime.testing;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * A property test on plain JUnit: one check against many inputs from a seeded {@link Generator}.
 * A failure names the seed that replays it and the input, shrunk when it is text, bytes or a list,
 * ready to paste into an example test.
 *
 * <ul>
 *   <li>{@code -Dproperties.tries=10000}: a long hunt (default {@value #DEFAULT_TRIES} per property),
 *       e.g. {@code ./mvnw -pl runtime test -Dtest='*Properties' -Dproperties.tries=10000}.
 *   <li>{@code -Dproperties.seed=<seed>}: replays a failure; without it every run draws a new seed.
 * </ul>
 *
 * <p>Not jqwik: from 1.10 its maintainer asks that it not be used with AI coding agents (its 1.10.1
 * release notes), and its runs print a line addressed to them.
 */
public final class Tries {

    static final int DEFAULT_TRIES = 200;

    /** Enough to shrink a counterexample of a few hundred characters without a long wait. */
    private static final int MAX_SHRINK_CHECKS = 3000;

    private Tries() {}

    /** The check a property makes of one input; any exception or assertion error is a failure. */
    @FunctionalInterface
    public interface Check<T> {
        void check(T input) throws Exception;
    }

    public static int count() {
        return Integer.getInteger("properties.tries", DEFAULT_TRIES);
    }

    public static <T> void forAll(Generator<T> inputs, Check<? super T> property) {
        long seed = Long.getLong("properties.seed", ThreadLocalRandom.current().nextLong());
        Random seeds = new Random(seed);
        int tries = count();
        for (int i = 1; i <= tries; i++) {
            T input = inputs.next(new Random(seeds.nextLong()));
            Throwable failure = failureOf(property, input);
            if (failure != null) {
                Shrunk<T> shrunk = shrink(property, input, failure);
                throw new AssertionError("property failed on try " + i + " of " + tries
                        + " (replay: -Dproperties.seed=" + seed + ")\n  input:  " + show(input)
                        + "\n  shrunk: " + show(shrunk.input) + "\n  fails with: " + shrunk.failure, shrunk.failure);
            }
        }
    }

    private static <T> Throwable failureOf(Check<? super T> property, T input) {
        try {
            property.check(input);
            return null;
        } catch (Throwable failure) {
            if (failure instanceof VirtualMachineError fatal && !(fatal instanceof StackOverflowError)) {
                throw fatal;
            }
            return failure;
        }
    }

    private record Shrunk<T>(T input, Throwable failure) {}

    /** Greedily smaller inputs that fail the same way, until none of the candidates does. */
    private static <T> Shrunk<T> shrink(Check<? super T> property, T input, Throwable failure) {
        Shrunk<T> smallest = new Shrunk<>(input, failure);
        int[] checks = {0};
        while (checks[0] < MAX_SHRINK_CHECKS) {
            Optional<Shrunk<T>> smaller = candidates(smallest.input)
                    .takeWhile(candidate -> checks[0]++ < MAX_SHRINK_CHECKS)
                    .map(candidate -> new Shrunk<>(candidate, failureOf(property, candidate)))
                    .filter(shrunk -> shrunk.failure != null && shrunk.failure.getClass() == failure.getClass())
                    .findFirst();
            if (smaller.isEmpty()) {
                break;
            }
            smallest = smaller.get();
        }
        return smallest;
    }

    /** Smaller versions of a value, lazily: halves, quarters ... single elements removed; then each element shrunk. */
    @SuppressWarnings("unchecked")
    private static <T> Stream<T> candidates(T value) {
        if (value instanceof String text) {
            return cuts(text.length()).map(cut -> (T) (text.substring(0, cut[0]) + text.substring(cut[1])));
        }
        if (value instanceof byte[] bytes) {
            return cuts(bytes.length).map(cut -> {
                byte[] shorter = Arrays.copyOf(bytes, bytes.length - (cut[1] - cut[0]));
                System.arraycopy(bytes, cut[1], shorter, cut[0], bytes.length - cut[1]);
                return (T) shorter;
            });
        }
        if (value instanceof List<?> list) {
            Stream<T> shorter = cuts(list.size()).map(cut -> {
                List<Object> remaining = new ArrayList<>(list.subList(0, cut[0]));
                remaining.addAll(list.subList(cut[1], list.size()));
                return (T) remaining;
            });
            Stream<T> elementShrunk = IntStream.range(0, list.size()).boxed().flatMap(i -> candidates(list.get(i))
                    .map(element -> {
                        List<Object> replaced = new ArrayList<>(list);
                        replaced.set(i, element);
                        return (T) replaced;
                    }));
            return Stream.concat(shorter, elementShrunk);
        }
        return Stream.empty();
    }

    /** [from, to) ranges to remove, largest first. */
    private static Stream<int[]> cuts(int length) {
        return Stream.iterate(length, size -> size >= 1, size -> size / 2).flatMap(size ->
                IntStream.iterate(0, from -> from + size <= length, from -> from + size).mapToObj(from -> new int[] {from, from + size}));
    }

    /** Text and bytes as Java literals, to paste into an example test. */
    static String show(Object value) {
        if (value instanceof String text) {
            return literal(text);
        }
        if (value instanceof byte[] bytes) {
            return "bytes " + literal(new String(bytes, StandardCharsets.ISO_8859_1));
        }
        if (value instanceof List<?> list) {
            return list.stream().map(Tries::show).toList().toString();
        }
        return String.valueOf(value);
    }

    private static String literal(String text) {
        StringBuilder literal = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            switch (c) {
                case '"' -> literal.append("\\\"");
                case '\\' -> literal.append("\\\\");
                case '\n' -> literal.append("\\n");
                case '\r' -> literal.append("\\r");
                case '\t' -> literal.append("\\t");
                default -> literal.append(c >= 0x20 && c < 0x7f ? String.valueOf(c) : String.format("\\u%04x", (int) c));
            }
        }
        return literal.append('"').toString();
    }
}
