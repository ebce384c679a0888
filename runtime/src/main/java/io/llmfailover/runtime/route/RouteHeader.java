package io.llmfailover.runtime.route;

import io.llmfailover.runtime.http.HttpHeaders;
import java.util.Optional;

/**
 * {@code x-llm-route: <route name>}: an app that can set a header picks its call's route. The
 * header is the agent's alone: it never leaves the JVM (a call that carries it is always sent as
 * the runtime rewrote it, without the header).
 */
public final class RouteHeader {

    public static final String NAME = "x-llm-route";

    private RouteHeader() {}

    /** The route the app asked for, if it named one. */
    public static Optional<String> of(HttpHeaders headers) {
        return headers.first(NAME).map(String::strip).filter(name -> !name.isEmpty());
    }
}
