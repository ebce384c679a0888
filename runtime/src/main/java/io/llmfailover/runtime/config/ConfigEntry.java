package io.llmfailover.runtime.config;

/**
 * One {@code key = value} of the config, with where it was written.
 *
 * @param rawValue the value as written, before {@code ${NAME}} substitution: the only form that
 *     may appear in an error message
 * @param value the value after substitution
 * @param where {@code <file>:<line>}, {@code system property llm.failover.<key>} or
 *     {@code environment variable LLM_FAILOVER_<KEY>}
 */
record ConfigEntry(String key, String rawValue, String value, String where, Origin origin) {

    /** Where a setting came from; a later one overrides an earlier one of the same key. */
    enum Origin { FILE, ENVIRONMENT, SYSTEM_PROPERTY }

    static ConfigEntry written(String key, String rawValue, String where) {
        return new ConfigEntry(key, rawValue, rawValue, where, Origin.FILE);
    }

    static ConfigEntry systemProperty(String key, String value, String property) {
        return new ConfigEntry(key, value, value, "system property " + property, Origin.SYSTEM_PROPERTY);
    }

    /** A variable's value is taken as it is: the shell or the orchestrator has expanded it already. */
    static ConfigEntry environment(String key, String value, String variable) {
        return new ConfigEntry(key, value, value, "environment variable " + variable, Origin.ENVIRONMENT);
    }

    ConfigEntry withValue(String substituted) {
        return new ConfigEntry(key, rawValue, substituted, where, origin);
    }

    @Override
    public String toString() {
        // Values may be credentials.
        return where + ": " + key;
    }
}
