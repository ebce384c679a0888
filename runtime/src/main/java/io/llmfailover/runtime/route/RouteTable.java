package io.llmfailover.runtime.route;

import io.llmfailover.runtime.config.RouteSettings;
import io.llmfailover.runtime.provider.Provider;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Finds the route of a call. Routes with a model pattern are tried before routes that match the
 * provider alone; among equals, the file's order decides. A call no route matches gets a chain of
 * its own provider only: breaker and throttle still apply, with nowhere to fall over to.
 */
public final class RouteTable {

    private final Map<String, List<Route>> routesByProvider;
    private final Map<String, Route> routesByName;

    private RouteTable(Map<String, List<Route>> routesByProvider, Map<String, Route> routesByName) {
        this.routesByProvider = routesByProvider;
        this.routesByName = routesByName;
    }

    /**
     * @param providerByName resolves every name a route uses; the config was validated, so every
     *     name resolves
     */
    public static RouteTable of(List<RouteSettings> settings, Function<String, Provider> providerByName) {
        Map<String, List<Route>> byProvider = new HashMap<>();
        Map<String, Route> byName = new HashMap<>();
        for (RouteSettings route : settings) {
            List<ChainStep> chain = route.chain().stream().map(step -> ChainStep.parse(step, providerByName)).toList();
            ModelGlob glob = route.modelGlob() == null ? null : new ModelGlob(route.modelGlob());
            Route built = new Route(route.name(), route.provider(), glob, chain, route.hedgeAfter());
            byProvider.computeIfAbsent(route.provider(), name -> new ArrayList<>()).add(built);
            byName.put(route.name(), built);
        }
        byProvider.values().forEach(routes -> routes.sort(Comparator.comparing(route -> route.modelGlob() == null)));
        return new RouteTable(Map.copyOf(byProvider), Map.copyOf(byName));
    }

    /** The route the app named with {@link RouteHeader}, when one has that name; else as {@link #routeFor(Provider, String)}. */
    public Route routeFor(Provider addressed, String model, Optional<String> named) {
        Route chosen = named.map(routesByName::get).orElse(null);
        return chosen != null ? chosen : routeFor(addressed, model);
    }

    public Route routeFor(Provider addressed, String model) {
        for (Route route : routesByProvider.getOrDefault(addressed.name(), List.of())) {
            if (route.matches(model)) {
                return route;
            }
        }
        return new Route("(none)", addressed.name(), null, List.of(new ChainStep(addressed, null)));
    }
}
