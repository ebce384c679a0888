package io.llmfailover.runtime.operations.status;

import java.util.Map;

/** The agent as a whole over JMX, as {@code io.llmfailover:type=Agent}. */
public interface AgentStatusMXBean {

    /** The one-page status of every provider. */
    String statusPage();

    /** Each configured provider's breaker state, a table: {@code primary} {@code OPEN}. */
    Map<String, String> getProviders();

    /** Calls sent as the app made them, ungoverned, because every agent task slot was taken. */
    long getCallsUngovernedAtTaskCap();

    /** Response heads waited for on the caller's thread (the deadline kept by the timer) at the task cap. */
    long getHeadsOnCallerThreadAtTaskCap();

    /** Hedges not started at the task cap. */
    long getHedgesNotStartedAtTaskCap();
}
