package io.llmfailover.runtime.config;

/**
 * A config the agent cannot run with. The message names the file, the line and the key of every
 * problem, one per line; it never holds a credential or the value of an environment variable.
 */
public final class ConfigException extends Exception {

    private final boolean strict;

    public ConfigException(String message) {
        this(message, false);
    }

    public ConfigException(String message, boolean strict) {
        super(message);
        this.strict = strict;
    }

    /**
     * Whether the config asked for {@code agent.strict = true} (read even from a config that is
     * otherwise invalid): the agent then stops the JVM instead of running without failover.
     */
    public boolean strict() {
        return strict;
    }
}
