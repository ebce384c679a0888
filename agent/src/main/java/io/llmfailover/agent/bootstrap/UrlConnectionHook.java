package io.llmfailover.agent.bootstrap;

import java.util.List;
import java.util.Map;

/**
 * Implemented by the {@code HttpURLConnection} adapter. The JDK's connection classes cannot take
 * new fields, so the adapter keeps each governed connection's state itself, keyed by the connection.
 * Methods returning an {@link Outcome} return null when the original method should run.
 */
public interface UrlConnectionHook {

    /** True when the connection is governed and its call has not run yet: its request headers are wanted. */
    boolean awaitsCall(Object connection);

    /**
     * {@code getOutputStream()}: a governed connection gets a capped buffer, and nothing is sent yet.
     *
     * @param fixedLength the length set by {@code setFixedLengthStreamingMode}, or -1
     */
    Outcome outputStream(Object connection, long fixedLength);

    /**
     * A response accessor ({@code getInputStream}, {@code getErrorStream}, {@code getHeaderField*},
     * {@code getHeaderFields}): the first one runs the governed call.
     *
     * @param requestHeaders the headers the app set, credentials included (null once the call ran)
     * @param proxy the proxy the app opened the connection with, or null
     */
    Outcome response(Object connection, String accessor, Object[] arguments,
            Map<String, List<String>> requestHeaders, Object proxy);

    /**
     * The request header the app set that the JDK must not send (the agent's own {@code
     * x-llm-route}), to be removed by the advice before the JDK writes the request; null for none.
     */
    String heldBack(Object connection);

    /** {@code connect()}: true skips it, the governed call connects when the app reads the response. */
    boolean skipsConnect(Object connection);

    /** {@code disconnect()}: releases the governed call's response. */
    void disconnected(Object connection);
}
