/**
 * The {@code HttpURLConnection} adapter (http and https, the JDK's {@code sun.net.www.protocol}
 * implementation). The URL is fixed when the connection is made and the JDK classes take no new
 * fields, so a governed connection is handled lazily: {@code getOutputStream()} hands the app a
 * buffer and sends nothing; the first response accessor runs the governed call, each attempt on a
 * new connection of its own; from then on the app's connection reports the chosen response (status,
 * headers, body stream). Apart from {@link io.llmfailover.agent.urlconnection.UrlConnectionInstrumentation}
 * and the advice, the classes here are defined in a child of the bootstrap class loader.
 */
package io.llmfailover.agent.urlconnection;
