package io.llmfailover.runtime.route;

import io.llmfailover.runtime.provider.Provider;
import java.util.List;

/**
 * Which calls a route governs and where they fall over to.
 *
 * @param modelGlob null when the route matches every model of its provider
 * @param chain the providers in failover order, the addressed one first
 */
public record Route(String name, String provider, ModelGlob modelGlob, List<Provider> chain) {

    public Route {
        chain = List.copyOf(chain);
    }

    boolean matches(String model) {
        return modelGlob == null || modelGlob.matches(model);
    }
}
