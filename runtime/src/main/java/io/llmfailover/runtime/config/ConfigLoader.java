package io.llmfailover.runtime.config;

/** Finds, reads and validates the config. (Skeleton: always the defaults.) */
public final class ConfigLoader {

    private ConfigLoader() {}

    /**
     * Loads the config following the contract's lookup order: the agent argument
     * {@code config=/path}, the system property {@code llm.failover.config}, the environment
     * variable {@code LLM_FAILOVER_CONFIG}, then {@code llm-failover.properties} in the working
     * directory. No file found gives {@link FailoverConfig#defaults()}.
     *
     * @param agentArgs the raw {@code -javaagent:...=<args>} string, may be null
     * @throws ConfigException a file was found but is invalid
     */
    public static FailoverConfig load(String agentArgs) throws ConfigException {
        return FailoverConfig.defaults();
    }
}
