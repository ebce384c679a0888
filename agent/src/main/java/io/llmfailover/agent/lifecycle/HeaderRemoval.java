package io.llmfailover.agent.lifecycle;

/**
 * How the agent's own request headers ({@code x-llm-route}) come off a call to a provider's host
 * that the agent leaves alone ({@link ClientBinding#takeHeader}): the client then sends the
 * request as the app made it, and they must not be in it.
 */
public enum HeaderRemoval {

    /** Out of the request the client sends (or whatever writes its headers): the call is left to the client. */
    IN_PLACE,

    /**
     * The client's request cannot change (the JDK's, Ktor's): a call that carried one goes through
     * {@link ClientBinding#proceed}, which sends a copy without it (at the agent's task cap, the
     * adapter sends that copy itself).
     */
    FROM_A_COPY,

    /**
     * Headers are set on the request the client hands the app, after the agent saw the call
     * (RestClient, Vert.x) or in a configuration shared with the app's other calls (Reactor Netty):
     * every call to a provider's host goes through {@link ClientBinding#proceed}, which leaves them off.
     */
    THROUGH_PROCEED
}
