/**
 * The Spring WebClient adapter, which also covers Reactor Netty underneath it. Every exchange
 * function {@code ExchangeFunctions.create} makes (the one each {@code WebClient.build()} makes
 * included) sends through {@link io.llmfailover.agent.webclient.FailoverConnector}, a wrapper of the
 * app's own {@code ClientHttpConnector}: Reactor Netty, Jetty, Apache HttpClient 5 or the JDK client.
 * Wrapping the connector rather than adding a filter means the request body is captured exactly as
 * the app's own codecs wrote it, below every filter of the app. The runtime runs on agent threads,
 * never on an event loop; a response the runtime made or translated reaches the app as a lazy
 * {@code Flux<DataBuffer>}. Apart from {@link io.llmfailover.agent.webclient.WebClientInstrumentation}
 * and its advice, the classes here are defined in a child of the app's spring-webflux class loader.
 */
package io.llmfailover.agent.webclient;
