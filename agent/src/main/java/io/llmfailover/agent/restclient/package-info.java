/**
 * The Spring RestClient and RestTemplate adapter. Every RestClient built and every RestTemplate
 * constructed gets one {@code ClientHttpRequestInterceptor}, placed last, which runs each call
 * through the {@link io.llmfailover.agent.lifecycle.CallLifecycle} with the body Spring already
 * buffered, and sends each attempt through the rest of the execution: whichever request factory
 * Spring picked (Apache HttpClient 5, Jetty, Reactor Netty, the JDK client or
 * {@code HttpURLConnection}). The lifecycle marks its attempts, so the adapter of the transport
 * underneath never governs them a second time. Apart from
 * {@link io.llmfailover.agent.restclient.RestClientInstrumentation} and its advice, the classes here
 * are defined in a child of the app's spring-web class loader.
 */
package io.llmfailover.agent.restclient;
