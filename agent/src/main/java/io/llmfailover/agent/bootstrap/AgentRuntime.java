package io.llmfailover.agent.bootstrap;

/** The one governor the installed agent runs with; absent until the agent has started. */
public final class AgentRuntime {

    private static volatile CallGovernor governor;

    private AgentRuntime() {}

    public static void install(CallGovernor installed) {
        governor = installed;
    }

    /** The installed governor, or null when the agent is not running. */
    public static CallGovernor governor() {
        return governor;
    }
}
