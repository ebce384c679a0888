/**
 * The Vert.x 5 adapter: the core {@code HttpClient} (and so WebClient, which sends through it).
 * {@code HttpClientImpl.request(RequestOptions)}, where every request starts before a connection
 * is asked for, hands a governed call a {@link io.llmfailover.agent.client.vertx.VertxGovernedRequest} that
 * holds what the app writes. Ending it runs the call lifecycle on an agent thread, never on an
 * event loop: each attempt is a request of the app's own client, waited for up to its head on
 * that thread, and the app's response future completes on the Vert.x context it asked from, its
 * body relayed chunk by chunk as it arrives. Apart from
 * {@link io.llmfailover.agent.client.vertx.VertxInstrumentation} and its advice, the classes here are
 * defined in a child of the app's vertx-core class loader.
 */
package io.llmfailover.agent.client.vertx;
