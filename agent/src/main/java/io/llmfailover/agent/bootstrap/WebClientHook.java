package io.llmfailover.agent.bootstrap;

/** Implemented by the Spring WebClient adapter, in a class loader that sees the app's spring-webflux. */
public interface WebClientHook {

    /**
     * The connector a new WebClient exchange function sends through: the app's own, wrapped once so
     * that governed calls go through the runtime.
     */
    Object governedConnector(Object connector);
}
