package io.llmfailover.runtime.contract;


import io.llmfailover.runtime.route.RouteTable;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code x-llm-route: <route name>}: an app that can set a header picks its call's route, among
 * those that may serve the call ({@link RouteTable}). The header is the agent's alone: it never
 * reaches a provider. A governed call that carries it is sent as the runtime rewrote it, without
 * the header; every other request to a provider's host is sent without it by the agent's adapters.
 */
public final class RouteHeader {

    public static final String NAME = "x-llm-route";

    private RouteHeader() {}

    /** The route the app asked for, if it named one. */
    public static Optional<String> of(HttpHeaders headers) {
        return headers.first(NAME).map(String::strip).filter(name -> !name.isEmpty());
    }

    /**
     * The names a header asked for and did not get, said once each at debug level ({@code
     * agent.log.level = debug}): at most {@value #MAX_LOGGED} names, since callers choose them.
     */
    public static final class Ignored {

        static final int MAX_LOGGED = 64;
        private static final int MAX_SHOWN_LENGTH = 64;
        private static final Logger LOG = LoggerFactory.getLogger("io.llmfailover.decision");

        private final Set<String> logged = ConcurrentHashMap.newKeySet();

        public void log(String name, String addressed, String why) {
            if (!LOG.isDebugEnabled() || logged.size() >= MAX_LOGGED || !logged.add(name)) {
                return;
            }
            LOG.debug("llm-failover: x-llm-route: {} ignored on a call to {}: {}; the call takes the route it matches"
                    + " (said once per name)", shown(name), addressed, why);
        }

        /** What a caller sent, cut short and without control characters, fit for one log line. */
        private static String shown(String name) {
            String cut = name.length() > MAX_SHOWN_LENGTH ? name.substring(0, MAX_SHOWN_LENGTH) + "…" : name;
            return cut.replaceAll("\\p{Cntrl}", "?");
        }
    }
}
