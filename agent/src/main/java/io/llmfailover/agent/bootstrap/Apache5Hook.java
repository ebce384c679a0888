package io.llmfailover.agent.bootstrap;

/** Implemented by the Apache HttpClient 5 adapter, in a class loader that sees the app's HttpClient 5. */
public interface Apache5Hook {

    /** Adds the failover exec handler to a classic {@code HttpClientBuilder} about to build, once per builder. */
    void classicBuilding(Object builder);

    /** Adds the failover async exec handler to an {@code HttpAsyncClientBuilder} about to build, once per builder. */
    void asyncBuilding(Object builder);
}
