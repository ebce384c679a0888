package io.llmfailover.runtime.config;

import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/** Replaces every {@code ${NAME}} in a value by the environment variable NAME. */
final class EnvPlaceholders {

    /** A placeholder that cannot be resolved; the message names the variable, never a value. */
    static final class UnresolvedPlaceholder extends Exception {
        UnresolvedPlaceholder(String message) {
            super(message, null, false, false);
        }
    }

    private EnvPlaceholders() {}

    /** The names of the variables {@code value}'s well-formed placeholders name. */
    static Set<String> namesIn(String value) {
        Set<String> names = new LinkedHashSet<>();
        int start = value.indexOf("${");
        while (start >= 0) {
            int end = value.indexOf('}', start + 2);
            if (end < 0) {
                break;
            }
            names.add(value.substring(start + 2, end).strip());
            start = value.indexOf("${", end + 1);
        }
        return names;
    }

    static String resolve(String value, Map<String, String> env) throws UnresolvedPlaceholder {
        StringBuilder resolved = new StringBuilder(value.length());
        int from = 0;
        while (true) {
            int start = value.indexOf("${", from);
            if (start < 0) {
                return resolved.append(value, from, value.length()).toString();
            }
            int end = value.indexOf('}', start + 2);
            if (end < 0) {
                throw new UnresolvedPlaceholder("unterminated ${; expected ${NAME}");
            }
            String name = value.substring(start + 2, end).strip();
            if (name.isEmpty()) {
                throw new UnresolvedPlaceholder("empty ${}; expected ${NAME}");
            }
            String replacement = env.get(name);
            if (replacement == null) {
                throw new UnresolvedPlaceholder("environment variable " + name + " is not set");
            }
            resolved.append(value, from, start).append(replacement);
            from = end + 1;
        }
    }
}
