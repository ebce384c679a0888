package io.llmfailover.agent.bootstrap;

/** Implemented by the Spring RestClient / RestTemplate adapter, in a class loader that sees the app's spring-web. */
public interface RestClientHook {

    /**
     * The request factory a RestClient or RestTemplate is to use instead of the app's: one that
     * governs the calls it creates, and hands every other call the app's factory's own request.
     * A factory already governed is returned as it is.
     */
    Object governedRequestFactory(Object requestFactory);
}
