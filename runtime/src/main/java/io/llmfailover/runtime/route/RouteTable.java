package io.llmfailover.runtime.route;


import io.llmfailover.runtime.config.RouteSettings;
import io.llmfailover.runtime.contract.RouteHeader;
import io.llmfailover.runtime.provider.Provider;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Finds the route of a call. Routes with a model pattern are tried before routes that match the
 * provider alone; among equals, the file's order decides. A call no route matches gets a chain of
 * its own provider only: breaker and throttle still apply, with nowhere to fall over to.
 *
 * <p>An {@code x-llm-route} header ({@link RouteHeader}) picks a route by name only among those that
 * may serve the call: the routes whose match names the provider the call is addressed to, and the
 * routes the operator marked {@code selectable}. The header is the app's request, which may carry
 * what an end user sent: it must not move a call made with a tenant's key onto a chain of the
 * operator's keys. Any other name is ignored, and the call takes the route it matches.
 */
public final class RouteTable {

    private final Map<String, List<Route>> routesByProvider;
    private final Map<String, Route> routesByName;
    private final Set<String> selectable;
    private final RouteHeader.Ignored ignored = new RouteHeader.Ignored();

    private RouteTable(Map<String, List<Route>> routesByProvider, Map<String, Route> routesByName,
            Set<String> selectable) {
        this.routesByProvider = routesByProvider;
        this.routesByName = routesByName;
        this.selectable = selectable;
    }

    /**
     * @param providerByName resolves every name a route uses; the config was validated, so every
     *     name resolves
     */
    public static RouteTable of(List<RouteSettings> settings, Function<String, Provider> providerByName) {
        Map<String, List<Route>> byProvider = new HashMap<>();
        Map<String, Route> byName = new HashMap<>();
        Set<String> selectable = new HashSet<>();
        for (RouteSettings route : settings) {
            List<ChainStep> chain = route.chain().stream().map(step -> ChainStep.parse(step, providerByName)).toList();
            ModelGlob glob = route.modelGlob() == null ? null : new ModelGlob(route.modelGlob());
            Route built = new Route(route.name(), route.provider(), glob, chain, route.hedgeAfter());
            byProvider.computeIfAbsent(route.provider(), name -> new ArrayList<>()).add(built);
            byName.put(route.name(), built);
            if (route.selectable()) {
                selectable.add(route.name());
            }
        }
        byProvider.values().forEach(routes -> routes.sort(Comparator.comparing(route -> route.modelGlob() == null)));
        return new RouteTable(Map.copyOf(byProvider), Map.copyOf(byName), Set.copyOf(selectable));
    }

    /**
     * The route the app named with {@link RouteHeader}, when that route may serve a call addressed
     * to {@code addressed}; else as {@link #routeFor(Provider, String)}.
     */
    public Route routeFor(Provider addressed, String model, Optional<String> named) {
        if (named.isPresent()) {
            Route chosen = routesByName.get(named.get());
            if (chosen != null && (chosen.provider().equals(addressed.name()) || selectable.contains(chosen.name()))) {
                return chosen;
            }
            ignored.log(named.get(), addressed.name(), chosen == null ? "no route has that name"
                    : "route " + chosen.name() + " matches " + chosen.provider() + " and is not selectable");
        }
        return routeFor(addressed, model);
    }

    public Route routeFor(Provider addressed, String model) {
        List<Route> routes = routesByProvider.getOrDefault(addressed.name(), List.of());
        for (int i = 0; i < routes.size(); i++) { // indexed: no iterator on every call
            if (routes.get(i).matches(model)) {
                return routes.get(i);
            }
        }
        return new Route("(none)", addressed.name(), null, List.of(new ChainStep(addressed, null)));
    }
}
