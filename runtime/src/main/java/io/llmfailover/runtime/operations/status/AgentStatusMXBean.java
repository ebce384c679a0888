package io.llmfailover.runtime.operations.status;

/** The agent as a whole over JMX, as {@code io.llmfailover:type=Agent}. */
public interface AgentStatusMXBean {

    /** The one-page status of every provider. */
    String statusPage();

    /** The configured providers, in file order. */
    String[] getProviders();

    /** Calls sent as the app made them, ungoverned, because every agent task slot was taken. */
    long getCallsUngovernedAtTaskCap();

    /** Response heads waited for on the caller's thread (the deadline kept by the timer) at the task cap. */
    long getHeadsOnCallerThreadAtTaskCap();

    /** Hedges not started at the task cap. */
    long getHedgesNotStartedAtTaskCap();
}
