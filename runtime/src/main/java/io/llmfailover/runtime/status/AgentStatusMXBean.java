package io.llmfailover.runtime.status;

/** The agent as a whole over JMX, as {@code io.llmfailover:type=Agent}. */
public interface AgentStatusMXBean {

    /** The one-page status of every provider. */
    String statusPage();

    /** The configured providers, in file order. */
    String[] getProviders();
}
