/**
 * The Spring WebClient adapter, which also covers Reactor Netty underneath it. Every exchange
 * function {@code ExchangeFunctions.create} makes (the one each {@code WebClient.build()} makes
 * included) sends through {@link io.llmfailover.agent.client.webclient.FailoverConnector}, a wrapper of the
 * app's own {@code ClientHttpConnector}: Reactor Netty, Jetty, Apache HttpClient 5 or the JDK client.
 * The call lifecycle decides on the method and URI before the app's request callback runs; a
 * governed call's callback then writes into memory, exactly as the app's own codecs produce it, below
 * every filter of the app, its body read up to {@code buffer.max-bytes}. The runtime runs on agent
 * threads, never on an event loop; the app's cancellation abandons the call. A response the runtime
 * made or watches reaches the app as a lazy {@code Flux<DataBuffer>}. Apart from
 * {@link io.llmfailover.agent.client.webclient.WebClientInstrumentation} and its advice, the classes here are
 * defined in a child of the app's spring-webflux class loader.
 */
package io.llmfailover.agent.client.webclient;
