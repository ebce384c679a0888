package io.llmfailover.runtime.route;

import java.util.List;

/**
 * Which calls a route governs and where they fall over to.
 *
 * @param modelGlob null when the route matches every model of its provider
 * @param chain the steps in failover order, the addressed provider's first
 */
public record Route(String name, String provider, ModelGlob modelGlob, List<ChainStep> chain) {

    public Route {
        chain = List.copyOf(chain);
    }

    boolean matches(String model) {
        return modelGlob == null || modelGlob.matches(model);
    }
}
