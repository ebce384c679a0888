package io.llmfailover.runtime.route;

import java.time.Duration;
import java.util.List;

/**
 * Which calls a route governs and where they fall over to.
 *
 * @param modelGlob null when the route matches every model of its provider
 * @param chain the steps in failover order, the addressed provider's first
 * @param hedgeAfter the route's own {@code hedge-after}, or null to follow {@code hedge.after}; zero for never
 */
public record Route(String name, String provider, ModelGlob modelGlob, List<ChainStep> chain, Duration hedgeAfter) {

    public Route {
        chain = List.copyOf(chain);
    }

    /** A route that hedges as {@code hedge.after} says. */
    public Route(String name, String provider, ModelGlob modelGlob, List<ChainStep> chain) {
        this(name, provider, modelGlob, chain, null);
    }

    boolean matches(String model) {
        return modelGlob == null || modelGlob.matches(model);
    }
}
