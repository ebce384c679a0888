package io.llmfailover.benchmarks.load;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One line between the benchmark and an app it drives: a verb then {@code key=value} fields, none
 * holding a space. The benchmark sends commands; the app answers with a line of the same shape.
 */
record Command(String verb, Map<String, String> fields) {

    static Command of(String verb) {
        return new Command(verb, new LinkedHashMap<>());
    }

    Command with(String key, Object value) {
        Map<String, String> more = new LinkedHashMap<>(fields);
        more.put(key, String.valueOf(value));
        return new Command(verb, more);
    }

    static Command parse(String line) {
        String[] words = line.trim().split(" ");
        Map<String, String> fields = new LinkedHashMap<>();
        for (int i = 1; i < words.length; i++) {
            int equals = words[i].indexOf('=');
            if (equals > 0) {
                fields.put(words[i].substring(0, equals), words[i].substring(equals + 1));
            }
        }
        return new Command(words[0], fields);
    }

    String encode() {
        StringBuilder line = new StringBuilder(verb);
        fields.forEach((key, value) -> line.append(' ').append(key).append('=').append(value));
        return line.toString();
    }

    String get(String key) {
        String value = fields.get(key);
        if (value == null) {
            throw new IllegalArgumentException("no " + key + " in: " + encode());
        }
        return value;
    }

    String getOrDefault(String key, String fallback) {
        return fields.getOrDefault(key, fallback);
    }

    long number(String key) {
        return Long.parseLong(get(key));
    }
}
