package io.llmfailover.agent.bootstrap;

import java.util.List;
import java.util.Map;

/**
 * Implemented by the {@code HttpURLConnection} adapter. The JDK's connection classes cannot take
 * new fields, so the adapter keeps each governed connection's state itself, keyed by the connection.
 * Methods returning an {@link HookOutcome} return null when the original method should run.
 */
public interface UrlConnectionHook {

    /**
     * {@code getOutputStream()}: a governed connection gets a capped buffer, and nothing is sent yet;
     * a header the JDK must not send is removed first, governed or not.
     */
    HookOutcome outputStream(Object connection, Internals internals);

    /**
     * A response accessor ({@code getInputStream}, {@code getErrorStream}, {@code getHeaderField*},
     * {@code getHeaderFields}): the first one runs the governed call; a header the JDK must not send
     * is removed first, governed or not.
     *
     * @param argument the accessor's one argument (a header's name or index), or null
     */
    HookOutcome response(Object connection, String accessor, Object argument, Internals internals);

    /** {@code connect()}: true skips it, the governed call connects when the app reads the response. */
    boolean skipsConnect(Object connection);

    /** {@code disconnect()}: releases the governed call's response. */
    void disconnected(Object connection);

    /**
     * What the JDK's connection keeps that its public methods hide or leave unwritable, read and
     * written for the adapter by the hooks, whose module the agent opened the JDK's packages to.
     */
    interface Internals {

        /** The request headers as the app set them, credentials included ({@code getRequestProperties()} hides them). */
        Map<String, List<String>> requestHeaders();

        /** Removes a request header the app set, before the JDK writes the request: it is the agent's own. */
        void removeRequestHeader(String name);

        /** The length set by {@code setFixedLengthStreamingMode}, or -1. */
        long fixedLength();

        /** The proxy the app opened the connection with, or null. */
        Object proxy();
    }
}
