package io.llmfailover.runtime.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;

/**
 * Draws one input from a seeded {@link Random}: the source of every property test's inputs (see
 * {@link Tries}). Generators compose with {@link #map}, {@link #oneOf}, {@link #weighted} and
 * {@link #listOf}, so each subject's arbitrary input reads as a short list of alternatives.
 */
@FunctionalInterface
public interface Generator<T> {

    T next(Random random);

    default <R> Generator<R> map(Function<? super T, ? extends R> mapper) {
        return random -> mapper.apply(next(random));
    }

    static <T> Generator<T> constant(T value) {
        return random -> value;
    }

    @SafeVarargs
    static <T> Generator<T> elementOf(T... values) {
        return elementOf(List.of(values));
    }

    static <T> Generator<T> elementOf(List<? extends T> values) {
        return random -> values.get(random.nextInt(values.size()));
    }

    /** One of the generators, each as likely. */
    @SafeVarargs
    static <T> Generator<T> oneOf(Generator<? extends T>... generators) {
        return random -> generators[random.nextInt(generators.length)].next(random);
    }

    /** {@code weighted(2, a, 1, b)}: a twice as often as b. */
    @SuppressWarnings("unchecked")
    static <T> Generator<T> weighted(Object... weightsAndGenerators) {
        int total = 0;
        for (int i = 0; i < weightsAndGenerators.length; i += 2) {
            total += (Integer) weightsAndGenerators[i];
        }
        int sum = total;
        return random -> {
            int pick = random.nextInt(sum);
            for (int i = 0; ; i += 2) {
                pick -= (Integer) weightsAndGenerators[i];
                if (pick < 0) {
                    return ((Generator<? extends T>) weightsAndGenerators[i + 1]).next(random);
                }
            }
        };
    }

    /** Between 0 and {@code maxSize} elements, short lists the most likely. */
    static <T> Generator<List<T>> listOf(Generator<? extends T> element, int maxSize) {
        return random -> {
            int size = Math.min(random.nextInt(maxSize + 1), random.nextInt(maxSize + 1));
            List<T> list = new ArrayList<>(size);
            for (int i = 0; i < size; i++) {
                list.add(element.next(random));
            }
            return list;
        };
    }

    /** Integers in [{@code from}, {@code to}], the bounds themselves drawn more often than chance. */
    static Generator<Integer> intsBetween(int from, int to) {
        return random -> switch (random.nextInt(8)) {
            case 0 -> from;
            case 1 -> to;
            default -> from + (int) Math.floorMod(random.nextLong(), (long) to - from + 1);
        };
    }

    /** Text of up to {@code maxLength} characters drawn from {@code alphabet}. */
    static Generator<String> strings(String alphabet, int maxLength) {
        return random -> {
            int length = random.nextInt(maxLength + 1);
            StringBuilder text = new StringBuilder(length);
            for (int i = 0; i < length; i++) {
                text.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            return text.toString();
        };
    }

    /**
     * Any text of up to {@code maxLength} UTF-16 units: ASCII, control characters, other scripts,
     * lone surrogates, the BOM and the last code points.
     */
    static Generator<String> anyText(int maxLength) {
        return random -> {
            int length = random.nextInt(maxLength + 1);
            StringBuilder text = new StringBuilder(length);
            for (int i = 0; i < length; i++) {
                text.append(switch (random.nextInt(6)) {
                    case 0, 1, 2 -> (char) (0x20 + random.nextInt(0x5f));
                    case 3 -> (char) random.nextInt(0x20);
                    case 4 -> "\u00b5\u03bc\u0661\uFEFF\uD800\uDFFF\uFFFF\u2028\u00a0\u3000".charAt(random.nextInt(10));
                    default -> (char) random.nextInt(0x10000);
                });
            }
            return text.toString();
        };
    }

    /** Any bytes, up to {@code maxLength} of them. */
    static Generator<byte[]> anyBytes(int maxLength) {
        return random -> {
            byte[] bytes = new byte[random.nextInt(maxLength + 1)];
            random.nextBytes(bytes);
            return bytes;
        };
    }
}
