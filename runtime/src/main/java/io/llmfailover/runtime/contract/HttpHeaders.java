package io.llmfailover.runtime.contract;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * An immutable, case-insensitive multimap of HTTP headers that keeps the names as written.
 *
 * <p>Held as one array of names and values in turn, the way a client receives them: copying a
 * client's headers is one pass with no key made, and a lookup compares names without case, which
 * for the dozen or two headers of an answer costs less than hashing a lower-cased key (names of
 * other lengths are told apart at once).
 */
public final class HttpHeaders {

    /** The headers that carry an API key, in any provider's protocol: the app's credential. */
    public static final List<String> KEY_HEADERS = List.of("Authorization", "x-api-key", "x-goog-api-key", "api-key");

    public static final HttpHeaders EMPTY = new HttpHeaders(new String[0]);

    /** Name, value, name, value...: name {@code 2i}, its value {@code 2i + 1}, in the order added. */
    private final String[] namesAndValues;

    private HttpHeaders(String[] namesAndValues) {
        this.namesAndValues = namesAndValues;
    }

    /**
     * A copy of a client's header map, made once per request and per response. A null name (the
     * status line some clients keep there) and a name without values are left out.
     */
    public static HttpHeaders of(Map<String, ? extends List<String>> headers) {
        PairCollector pairs = new PairCollector(headers.size());
        headers.forEach(pairs); // no entry views, which an unmodifiable map makes one by one
        return pairs.headers();
    }

    /**
     * A copy of a client's headers that hands each name with its values to a visitor rather than
     * being a map (Spring's {@code forEach}, Micronaut's), as {@link #of(Map)} reads a map.
     */
    public static HttpHeaders ofNames(Consumer<BiConsumer<String, List<String>>> eachName) {
        PairCollector pairs = new PairCollector(8);
        eachName.accept(pairs);
        return pairs.headers();
    }

    public static Builder builder() {
        return new Builder(new ArrayList<>());
    }

    public Optional<String> first(String name) {
        int at = indexOf(name, 0);
        return at < 0 ? Optional.empty() : Optional.of(namesAndValues[at + 1]);
    }

    /** Every value of the header, in the order received; unmodifiable. */
    public List<String> all(String name) {
        List<String> values = null;
        for (int at = indexOf(name, 0); at >= 0; at = indexOf(name, at + 2)) {
            values = values == null ? new ArrayList<>(1) : values;
            values.add(namesAndValues[at + 1]);
        }
        return values == null ? List.of() : Collections.unmodifiableList(values);
    }

    /** How many values the header has: {@code all(name).size()} without the list. */
    public int count(String name) {
        int count = 0;
        for (int at = indexOf(name, 0); at >= 0; at = indexOf(name, at + 2)) {
            count++;
        }
        return count;
    }

    /** The header's first value, or null: {@link #first} without the {@code Optional}, for a path taken on every call. */
    public String firstOrNull(String name) {
        int at = indexOf(name, 0);
        return at < 0 ? null : namesAndValues[at + 1];
    }

    public boolean isEmpty() {
        return namesAndValues.length == 0;
    }

    public boolean contains(String name) {
        return indexOf(name, 0) >= 0;
    }

    /** Whether some header's name begins with {@code prefix}, compared without case. */
    public boolean hasNameStartingWith(String prefix) {
        for (int i = 0; i < namesAndValues.length; i += 2) {
            if (namesAndValues[i].regionMatches(true, 0, prefix, 0, prefix.length())) {
                return true;
            }
        }
        return false;
    }

    /** These headers without those whose name {@code dropped} accepts; these very headers when it accepts none. */
    public HttpHeaders without(Predicate<String> dropped) {
        int kept = 0;
        String[] keptPairs = null;
        for (int i = 0; i < namesAndValues.length; i += 2) {
            if (dropped.test(namesAndValues[i])) {
                keptPairs = keptPairs != null ? keptPairs : namesAndValues.clone(); // the pairs before i are kept
            } else if (keptPairs != null) {
                keptPairs[kept++] = namesAndValues[i];
                keptPairs[kept++] = namesAndValues[i + 1];
            } else {
                kept += 2;
            }
        }
        if (keptPairs == null) {
            return this;
        }
        return kept == 0 ? EMPTY : new HttpHeaders(Arrays.copyOf(keptPairs, kept));
    }

    /** Whether {@code name} is one of {@code names}, compared without case and without lower-casing it. */
    public static boolean isOneOf(String name, Collection<String> names) {
        for (String candidate : names) {
            if (candidate.equalsIgnoreCase(name)) {
                return true;
            }
        }
        return false;
    }

    /** Visits every (name, value) pair in the order added. */
    public void forEach(BiConsumer<String, String> action) {
        for (int i = 0; i < namesAndValues.length; i += 2) {
            action.accept(namesAndValues[i], namesAndValues[i + 1]);
        }
    }

    /** One entry per header, named as first written, its values in order; unmodifiable. */
    public Map<String, List<String>> asMap() {
        Map<String, String> spellings = new HashMap<>();
        Map<String, List<String>> map = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            String name = namesAndValues[i];
            String firstSpelling = spellings.computeIfAbsent(key(name), key -> name);
            map.computeIfAbsent(firstSpelling, spelling -> new ArrayList<>(1)).add(namesAndValues[i + 1]);
        }
        map.replaceAll((name, values) -> Collections.unmodifiableList(values));
        return Collections.unmodifiableMap(map);
    }

    public Builder toBuilder() {
        return new Builder(new ArrayList<>(Arrays.asList(namesAndValues)));
    }

    public HttpHeaders with(String name, String value) {
        return toBuilder().set(name, value).build();
    }

    /** The names only, lower-cased: values may be credentials. */
    @Override
    public String toString() {
        Set<String> names = new LinkedHashSet<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            names.add(key(namesAndValues[i]));
        }
        return "HttpHeaders" + names;
    }

    /** Where the next pair of that name starts, from {@code from} on; -1 when there is none. */
    private int indexOf(String name, int from) {
        for (int i = from; i < namesAndValues.length; i += 2) {
            if (namesAndValues[i].equalsIgnoreCase(name)) {
                return i;
            }
        }
        return -1;
    }

    private static String key(String name) {
        return name.toLowerCase(Locale.ROOT);
    }

    /** Collects a map's names and values in one pass, sized for one value per name. */
    private static final class PairCollector implements BiConsumer<String, List<String>> {
        private String[] namesAndValues;
        private int size;

        PairCollector(int names) {
            namesAndValues = new String[names * 2];
        }

        @Override
        public void accept(String name, List<String> values) {
            if (name == null) {
                return;
            }
            for (String value : values) {
                if (size == namesAndValues.length) {
                    namesAndValues = Arrays.copyOf(namesAndValues, Math.max(4, size * 2));
                }
                namesAndValues[size++] = name;
                namesAndValues[size++] = Objects.requireNonNull(value, "a header value");
            }
        }

        HttpHeaders headers() {
            if (size == 0) {
                return EMPTY;
            }
            return new HttpHeaders(size == namesAndValues.length ? namesAndValues : Arrays.copyOf(namesAndValues, size));
        }
    }

    public static final class Builder {
        private final List<String> namesAndValues;

        private Builder(List<String> namesAndValues) {
            this.namesAndValues = namesAndValues;
        }

        public Builder add(String name, String value) {
            namesAndValues.add(Objects.requireNonNull(name, "a header name"));
            namesAndValues.add(Objects.requireNonNull(value, "a header value"));
            return this;
        }

        /** Replaces every value of the header with this one, under this spelling. */
        public Builder set(String name, String value) {
            return remove(name).add(name, value);
        }

        public Builder remove(String name) {
            for (int i = namesAndValues.size() - 2; i >= 0; i -= 2) {
                if (namesAndValues.get(i).equalsIgnoreCase(name)) {
                    namesAndValues.subList(i, i + 2).clear();
                }
            }
            return this;
        }

        public HttpHeaders build() {
            return namesAndValues.isEmpty() ? EMPTY : new HttpHeaders(namesAndValues.toArray(new String[0]));
        }
    }
}
