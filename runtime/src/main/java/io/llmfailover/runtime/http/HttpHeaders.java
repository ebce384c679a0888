package io.llmfailover.runtime.http;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;

/** An immutable, case-insensitive multimap of HTTP headers that keeps the names as first written. */
public final class HttpHeaders {

    public static final HttpHeaders EMPTY = new HttpHeaders(Map.of());

    /** Keyed by lower-case name; each entry keeps the original spelling of the name. */
    private final Map<String, Entry> entries;

    private record Entry(String name, List<String> values) {}

    private HttpHeaders(Map<String, Entry> entries) {
        this.entries = entries;
    }

    /**
     * A copy of a client's header map, made once per request and per response: the value lists are
     * taken as they are when already immutable (the JDK client's are), not copied value by value.
     */
    public static HttpHeaders of(Map<String, ? extends List<String>> headers) {
        Map<String, Entry> entries = new LinkedHashMap<>();
        for (Map.Entry<String, ? extends List<String>> header : headers.entrySet()) {
            String name = header.getKey();
            if (name == null || header.getValue().isEmpty()) {
                continue;
            }
            List<String> values = List.copyOf(header.getValue());
            Entry earlier = entries.putIfAbsent(key(name), new Entry(name, values));
            if (earlier != null) {
                List<String> merged = new ArrayList<>(earlier.values);
                merged.addAll(values);
                entries.put(key(name), new Entry(earlier.name, List.copyOf(merged)));
            }
        }
        return entries.isEmpty() ? EMPTY : new HttpHeaders(Collections.unmodifiableMap(entries));
    }

    public static Builder builder() {
        return new Builder(new LinkedHashMap<>());
    }

    public Optional<String> first(String name) {
        Entry entry = entries.get(key(name));
        return entry == null || entry.values.isEmpty() ? Optional.empty() : Optional.of(entry.values.get(0));
    }

    public List<String> all(String name) {
        Entry entry = entries.get(key(name));
        return entry == null ? List.of() : entry.values;
    }

    public boolean isEmpty() {
        return entries.isEmpty();
    }

    public boolean contains(String name) {
        return entries.containsKey(key(name));
    }

    /** Visits every (name, value) pair, names as first written. */
    public void forEach(BiConsumer<String, String> action) {
        for (Entry entry : entries.values()) {
            for (String value : entry.values) {
                action.accept(entry.name, value);
            }
        }
    }

    public Map<String, List<String>> asMap() {
        Map<String, List<String>> map = new LinkedHashMap<>();
        entries.values().forEach(entry -> map.put(entry.name, entry.values));
        return Collections.unmodifiableMap(map);
    }

    public Builder toBuilder() {
        Map<String, Entry> copy = new LinkedHashMap<>();
        entries.forEach((key, entry) -> copy.put(key, new Entry(entry.name, new ArrayList<>(entry.values))));
        return new Builder(copy);
    }

    public HttpHeaders with(String name, String value) {
        return toBuilder().set(name, value).build();
    }

    @Override
    public String toString() {
        return "HttpHeaders" + entries.keySet();
    }

    private static String key(String name) {
        return name.toLowerCase(Locale.ROOT);
    }

    public static final class Builder {
        private final Map<String, Entry> entries;

        private Builder(Map<String, Entry> entries) {
            this.entries = entries;
        }

        public Builder add(String name, String value) {
            String key = key(name);
            Entry entry = entries.get(key);
            if (entry == null) {
                entry = new Entry(name, new ArrayList<>(1));
                entries.put(key, entry);
            }
            entry.values.add(value);
            return this;
        }

        public Builder set(String name, String value) {
            List<String> values = new ArrayList<>();
            values.add(value);
            entries.put(key(name), new Entry(name, values));
            return this;
        }

        public Builder remove(String name) {
            entries.remove(key(name));
            return this;
        }

        public HttpHeaders build() {
            Map<String, Entry> frozen = new LinkedHashMap<>();
            entries.forEach((key, entry) -> frozen.put(key, new Entry(entry.name, List.copyOf(entry.values))));
            return new HttpHeaders(Collections.unmodifiableMap(frozen));
        }
    }
}
