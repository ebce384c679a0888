package io.llmfailover.runtime.config;

/**
 * One {@code key = value} of the config, with where it was written.
 *
 * @param rawValue the value as written, before {@code ${NAME}} substitution: the only form that
 *     may appear in an error message
 * @param value the value after substitution
 * @param where {@code <file>:<line>}, or {@code system property llm.failover.<key>}
 */
record ConfigEntry(String key, String rawValue, String value, String where) {

    static ConfigEntry written(String key, String rawValue, String where) {
        return new ConfigEntry(key, rawValue, rawValue, where);
    }

    ConfigEntry withValue(String substituted) {
        return new ConfigEntry(key, rawValue, substituted, where);
    }

    @Override
    public String toString() {
        // Values may be credentials.
        return where + ": " + key;
    }
}
