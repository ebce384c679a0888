/**
 * The Jetty 12 {@code HttpClient} adapter: every request sent through a destination reaches
 * {@code HttpRequest.sendAsync}, where a governed call is taken over before Jetty holds it. The
 * lifecycle runs on agent threads, never on Jetty's; each attempt is a new request of the app's own
 * {@code HttpClient} (its pool, TLS, proxy, decoders), marked as the agent's so that Jetty's own
 * redirects and authentication retries of it are left alone; the chosen answer reaches the app's
 * listeners as Jetty would deliver it, its body a {@code Content.Source} read on agent threads.
 * Apart from {@link io.llmfailover.agent.client.jetty.JettyInstrumentation} and the advice, the classes
 * here are defined in a child of the app's jetty-client class loader.
 */
package io.llmfailover.agent.client.jetty;
