package io.llmfailover.agent.bootstrap;

import io.llmfailover.runtime.http.LlmRequest;
import io.llmfailover.runtime.http.LlmResponse;
import io.llmfailover.runtime.http.Transport;
import java.io.IOException;
import java.net.URI;

/**
 * What an adapter asks of the runtime: is this call governed, and run it through the failover
 * chain. The agent's production implementation is the runtime's Gateway; tests plug their own.
 */
public interface CallGovernor {

    /** Cheap; false means the adapter leaves the call completely alone. */
    boolean governs(URI uri);

    /**
     * Runs one governed call. The returned response may be the very object {@code transport}
     * returned for the untouched first attempt, or one the runtime made or translated.
     *
     * @throws IOException the addressed provider's own transport failure, rethrown to the app
     */
    LlmResponse execute(LlmRequest request, Transport transport) throws IOException;
}
