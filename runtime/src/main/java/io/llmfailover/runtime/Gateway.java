package io.llmfailover.runtime;

import io.llmfailover.runtime.config.FailoverConfig;
import io.llmfailover.runtime.http.LlmRequest;
import io.llmfailover.runtime.http.LlmResponse;
import io.llmfailover.runtime.http.Transport;
import java.io.IOException;
import java.net.URI;

/**
 * The runtime's one entry point for an agent adapter. (Skeleton: passes every call through; the
 * failover walk lands next.)
 */
public final class Gateway {

    private final FailoverConfig config;

    private Gateway(FailoverConfig config) {
        this.config = config;
    }

    public static Gateway create(FailoverConfig config) {
        return new Gateway(config);
    }

    /**
     * A cheap check made on every outgoing request: false means the adapter must leave the call
     * alone (no buffering, no runtime involvement).
     */
    public boolean governs(URI uri) {
        return false;
    }

    /**
     * Runs one logical call through its route's chain.
     *
     * @return the response the app gets. When it is the very object {@code transport} returned for
     *     the first attempt, the adapter hands the app its client's native response untouched;
     *     otherwise the adapter builds a client response from the status, headers and body.
     * @throws IOException the addressed provider's own transport exception, when nothing answered
     * @throws AgentFailure when the runtime failed before anything was sent; the adapter then lets
     *     the original call proceed as if the agent were absent
     */
    public LlmResponse execute(LlmRequest request, Transport transport) throws IOException {
        return transport.send(request, config.firstByteTimeout());
    }
}
