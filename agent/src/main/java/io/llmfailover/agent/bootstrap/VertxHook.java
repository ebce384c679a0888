package io.llmfailover.agent.bootstrap;

/** Implemented by the Vert.x adapter, in a class loader that sees the app's vertx-core. */
public interface VertxHook {

    /**
     * The {@code Future<HttpClientRequest>} a governed {@code HttpClient.request(RequestOptions)}
     * returns instead of the client's own, or null to let the client's own method run.
     */
    Object request(Object client, Object options);
}
