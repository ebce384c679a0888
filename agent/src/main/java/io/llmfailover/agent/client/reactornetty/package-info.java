/**
 * The Reactor Netty adapter, for apps (and SDKs such as Azure's, over azure-core-http-netty) that
 * use {@code reactor.netty.http.client.HttpClient} directly. Each terminal operation of
 * {@code HttpClient.ResponseReceiver} ({@code response}, {@code responseSingle},
 * {@code responseConnection}, {@code responseContent}) returns, for a governed call, a publisher of
 * the same type that runs the call lifecycle on agent threads when subscribed: the app's body
 * function writes into memory, each attempt goes through a reconfigured copy of the app's own
 * client, and the app's function is given the chosen attempt's native response and connection, or
 * a response relayed from the runtime's answer with a lazy body. Calls made by Spring's connectors
 * are left to the WebClient and RestClient adapters. Apart from
 * {@link io.llmfailover.agent.client.reactornetty.ReactorNettyInstrumentation}, its advice and
 * {@link io.llmfailover.agent.client.reactornetty.ReceiverOperation}'s names, the classes here are defined
 * in a child of the app's reactor-netty-http class loader.
 */
package io.llmfailover.agent.client.reactornetty;
