/**
 * The {@code HttpURLConnection} adapter (http and https, the JDK's {@code sun.net.www.protocol}
 * implementation). The URL is fixed when the connection is made and the JDK classes take no new
 * fields, so a governed connection is handled lazily: {@code getOutputStream()} hands the app a
 * buffer capped at {@code buffer.max-bytes} and sends nothing; the first response accessor runs the
 * call lifecycle, each attempt on a new connection of its own; from then on the app's connection
 * reports the chosen response, the native connection's own accessors when it answered the app's
 * own request. A body past the cap, or a call that goes ahead ungoverned, is sent by the app's own
 * connection with the JDK's own code. Apart from
 * {@link io.llmfailover.agent.client.urlconnection.UrlConnectionInstrumentation}, the
 * classes here are defined in a child of the bootstrap class loader.
 */
package io.llmfailover.agent.client.urlconnection;
