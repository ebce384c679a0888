package io.llmfailover.agent.bootstrap;

import java.util.List;

/**
 * The typed entry points that hooks woven into client classes call, kept for the JDK client and
 * OkHttp (woven with ASM alone, {@code Hook}, at a fixed descriptor) and HttpURLConnection; every
 * other client goes through {@link ClientHooks}. Each catches everything: whatever goes wrong in the
 * agent, the app's call goes ahead as if the agent were absent.
 */
public final class AgentHooks {

    private AgentHooks() {}

    /** Called when an {@code okhttp3.OkHttpClient.Builder} constructor returns, and on entry to its {@code build()}. */
    public static void okHttpBuilderCreated(Object builder) {
        try {
            OkHttpHook hook = Adapters.OKHTTP.get(builder.getClass());
            if (hook != null) {
                hook.decorate(builder);
            }
        } catch (Throwable t) {
            FailureLog.once("OkHttpClient.Builder", t);
        }
    }

    /**
     * Called on entry to {@code HttpClient.send}; null lets the original method run. Always
     * paired with {@link #jdkCallEnded()} on exit.
     */
    public static HookOutcome jdkSend(Object client, Object request, Object bodyHandler) {
        if (CallDepth.enter() > 0) {
            return null;
        }
        try {
            JdkHttpHook hook = Adapters.JDK_HTTP.get(client.getClass());
            return hook == null ? null : hook.send(client, request, bodyHandler);
        } catch (Throwable t) {
            FailureLog.once("HttpClient.send", t);
            return null;
        }
    }

    /** Called on entry to {@code HttpClient.sendAsync} (both overloads); see {@link #jdkSend}. */
    public static HookOutcome jdkSendAsync(Object client, Object request, Object bodyHandler, Object pushPromiseHandler) {
        if (CallDepth.enter() > 0) {
            return null;
        }
        try {
            JdkHttpHook hook = Adapters.JDK_HTTP.get(client.getClass());
            return hook == null ? null : hook.sendAsync(client, request, bodyHandler, pushPromiseHandler);
        } catch (Throwable t) {
            FailureLog.once("HttpClient.sendAsync", t);
            return null;
        }
    }

    /** Called on exit from every instrumented {@code HttpClient} method. */
    public static void jdkCallEnded() {
        CallDepth.exit();
    }

    /** Called on entry to {@code HttpURLConnection.getOutputStream}; null lets the original method run. */
    public static HookOutcome urlConnectionOutput(Object connection) {
        try {
            UrlConnectionHook hook = urlConnectionHook(connection);
            return hook == null ? null : hook.outputStream(connection, new UrlConnectionInternals(connection));
        } catch (Throwable t) {
            FailureLog.once("HttpURLConnection.getOutputStream", t);
            return null;
        }
    }

    /**
     * Called on entry to a {@code HttpURLConnection} response accessor, with its one argument (a
     * header's name or index) or null; null lets the original method run.
     */
    public static HookOutcome urlConnectionResponse(Object connection, String accessor, Object argument) {
        try {
            UrlConnectionHook hook = urlConnectionHook(connection);
            return hook == null ? null : hook.response(connection, accessor, argument, new UrlConnectionInternals(connection));
        } catch (Throwable t) {
            FailureLog.once("HttpURLConnection." + accessor, t);
            return null;
        }
    }

    /** Called on entry to {@code HttpURLConnection.connect}; an outcome skips it. */
    public static HookOutcome urlConnectionConnect(Object connection) {
        try {
            UrlConnectionHook hook = urlConnectionHook(connection);
            return hook != null && hook.skipsConnect(connection) ? HookOutcome.returning(null) : null;
        } catch (Throwable t) {
            FailureLog.once("HttpURLConnection.connect", t);
            return null;
        }
    }

    /** Called on entry to {@code HttpURLConnection.disconnect}. */
    public static void urlConnectionDisconnected(Object connection) {
        try {
            UrlConnectionHook hook = urlConnectionHook(connection);
            if (hook != null) {
                hook.disconnected(connection);
            }
        } catch (Throwable t) {
            FailureLog.once("HttpURLConnection.disconnect", t);
        }
    }

    /** Null leaves every connection alone: with no adapter, or on a JDK whose connection keeps its state otherwise. */
    private static UrlConnectionHook urlConnectionHook(Object connection) {
        return UrlConnectionInternals.readable() ? Adapters.URL_CONNECTION.get(connection.getClass()) : null;
    }
}
