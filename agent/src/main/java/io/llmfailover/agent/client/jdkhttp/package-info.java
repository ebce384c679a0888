/**
 * The {@code java.net.http.HttpClient} adapter: advice on {@code send} and both {@code sendAsync}
 * overloads of the JDK's client classes. Apart from
 * {@link io.llmfailover.agent.client.jdkhttp.JdkHttpInstrumentation}, the classes here are defined in a
 * child of the platform class loader, and name only public {@code java.net.http} types.
 */
package io.llmfailover.agent.client.jdkhttp;
