package io.llmfailover.runtime.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Collects every problem found in a config, so that the user sees them all at once. */
final class ConfigProblems {

    private final List<String> problems = new ArrayList<>();

    /** {@code <where>: <key> = <value as written>: <problem>}; credentials are never shown. */
    void add(ConfigEntry entry, String problem) {
        problems.add(entry.where() + ": " + entry.key() + " = " + shownValue(entry) + ": " + problem);
    }

    /**
     * {@code <where>: <key>: <problem>}: a key the contract does not know is shown without its
     * value, since a misspelt credential key ({@code api-kye}) would otherwise print the credential.
     */
    void addUnknownKey(ConfigEntry entry, String problem) {
        problems.add(entry.where() + ": " + entry.key() + ": " + problem);
    }

    /** A problem about a group of keys (a route, a provider) rather than one value. */
    void add(String where, String subject, String problem) {
        problems.add(where + ": " + subject + ": " + problem);
    }

    /** {@code environment variable <name>: <problem>}: a variable that sets no key, named without its value. */
    void addVariable(String variable, String problem) {
        problems.add("environment variable " + variable + ": " + problem);
    }

    boolean isEmpty() {
        return problems.isEmpty();
    }

    void throwIfAny(String source, boolean strict) throws ConfigException {
        if (problems.isEmpty()) {
            return;
        }
        String heading = problems.size() == 1
                ? "llm-failover config " + source + " has a problem:"
                : "llm-failover config " + source + " has " + problems.size() + " problems:";
        throw new ConfigException(heading + "\n" + String.join("\n", problems), strict);
    }

    private static String shownValue(ConfigEntry entry) {
        return isSecret(entry.key()) ? "<hidden>" : entry.rawValue();
    }

    static boolean isSecret(String key) {
        // A count of tokens (translation.default-max-tokens) is no credential, whatever its name says.
        String lower = key.toLowerCase(Locale.ROOT).replace("max-tokens", "");
        return lower.contains("key") || lower.contains("secret") || lower.contains("token")
                || lower.contains("password") || lower.contains("headers")
                || lower.contains("redis.url"); // may carry a password: redis://user:password@host
    }
}
