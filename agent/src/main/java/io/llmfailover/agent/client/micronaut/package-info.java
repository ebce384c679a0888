/**
 * The Micronaut 4 HTTP client adapter: the client methods the app calls ({@code exchange},
 * {@code retrieve}, the streaming ones, the blocking client's) mark the request with what the app
 * expects back, and {@code DefaultHttpClientFilterResolver.resolveFilters}, which every request goes
 * through with its absolute URI, gives a governed call the agent's filter, which Micronaut runs last,
 * nearest the network. The lifecycle runs on agent threads, never on an event loop; each attempt
 * goes down the rest of the app's filter chain, through the app's own client (its pool, TLS, proxy,
 * timeouts, codecs), and a fallback's redirect is its failure, never followed. Apart from
 * {@link io.llmfailover.agent.client.micronaut.MicronautInstrumentation} and its advice, the classes
 * here are defined in a child of the app's micronaut-http-client class loader.
 */
package io.llmfailover.agent.client.micronaut;
