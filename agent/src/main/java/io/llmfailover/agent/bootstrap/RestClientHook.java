package io.llmfailover.agent.bootstrap;

import java.util.List;

/** Implemented by the Spring RestClient / RestTemplate adapter, in a class loader that sees the app's spring-web. */
public interface RestClientHook {

    /** Puts the agent's request interceptor last in a {@code RestClient.Builder} about to build, exactly once. */
    void decorateBuilder(Object restClientBuilder);

    /** Puts the agent's request interceptor last in a RestTemplate's live interceptor list, exactly once. */
    void decorate(List<Object> interceptors);
}
