/**
 * The Spring RestClient and RestTemplate adapter. Every RestClient made and every RestTemplate gets
 * the app's request factory wrapped once ({@link io.llmfailover.agent.client.restclient.FailoverRequestFactory}),
 * which decides from the method and URI alone: a call that is not governed gets the factory's own
 * request, streamed exactly as without the agent (no interceptor, so Spring buffers nothing on our
 * account); a governed one gets a request that holds its body within {@code buffer.max-bytes} and runs
 * through the {@link io.llmfailover.agent.lifecycle.CallLifecycle}, each attempt a request of the
 * app's factory (Apache HttpClient 5, Jetty, Reactor Netty, the JDK client or
 * {@code HttpURLConnection}). The app's own interceptors stay above, as Spring runs them. The
 * lifecycle marks its attempts, so the adapter of the client underneath never governs them a
 * second time. Apart from {@link io.llmfailover.agent.client.restclient.RestClientInstrumentation} and its
 * advice, the classes here are defined in a child of the app's spring-web class loader.
 */
package io.llmfailover.agent.client.restclient;
