package io.llmfailover.agent.bootstrap;

/** Implemented by the OkHttp adapter, in a class loader that sees the app's OkHttp. */
public interface OkHttpHook {

    /**
     * Puts the agent's interceptors last in an {@code OkHttpClient.Builder}'s lists, exactly once
     * each: as it is made, and again as it builds a client.
     */
    void decorate(Object builder);
}
