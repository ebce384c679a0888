package io.llmfailover.e2e;

import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import java.util.List;
import java.util.function.Supplier;

/**
 * A stub of the cross-protocol grid ({@link CrossProtocolGridTest}), whatever protocol it speaks:
 * where the agent's config and the app address it, what it received, what it answers.
 *
 * @param providerUrl the provider's URL in the agent's config, version path (or Vertex location) included
 * @param appUrl the base URL the app's SDK is given, which it completes with its own paths
 * @param weatherReport its answer to a tool's result, in its tool round trip
 */
record GridStub(GridProtocol protocol, String name, AutoCloseable server, String providerUrl, String appUrl,
        Supplier<List<LoggedRequest>> received, List<String> chunks, String weatherReport) implements AutoCloseable {

    String content() {
        return String.join("", chunks);
    }

    /** Every call of its protocol it received, in arrival order. */
    List<LoggedRequest> requests() {
        return received.get();
    }

    @Override
    public void close() throws Exception {
        server.close();
    }
}
