package io.llmfailover.agent.client.urlconnection;

import io.llmfailover.agent.bootstrap.HeadDeadline;
import io.llmfailover.agent.lifecycle.NativeResponse;
import io.llmfailover.runtime.contract.AttemptRequest;
import io.llmfailover.runtime.contract.CallAbandonedException;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.contract.Transport;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.Proxy;
import java.net.SocketTimeoutException;
import java.net.URL;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;

/**
 * Sends each attempt on a new {@code HttpURLConnection} opened like the app's (its proxy, timeouts,
 * redirect and cache settings, but a rewritten attempt never follows a redirect); the hooks leave it
 * alone, as the lifecycle marks its thread. The agent's head deadline applies where it is shorter
 * than the app's read timeout; the app's own read timeout expiring first means the app gave up
 * ({@link CallAbandonedException}).
 */
final class UrlConnectionTransport implements Transport {

    /** Set by the connection itself from the URL and the body. */
    private static final Set<String> DERIVED_HEADERS = Set.of("host", "content-length", "transfer-encoding", "connection");

    private final HttpURLConnection appConnection;
    private final Proxy proxy;

    UrlConnectionTransport(HttpURLConnection appConnection, Proxy proxy) {
        this.appConnection = appConnection;
        this.proxy = proxy;
    }

    @Override
    public LlmResponse send(AttemptRequest attempt) throws IOException {
        HttpURLConnection connection = open(attempt.request().uri().toURL(), attempt.original());
        Duration deadline = agentDeadline(attempt.headDeadline());
        Attempt sending = new Attempt(connection, attempt.request());
        try {
            return HeadDeadline.await(deadline, sending, sending);
        } catch (SocketTimeoutException timedOut) {
            throw deadline == null && isReadTimeout(timedOut) ? new CallAbandonedException(timedOut) : timedOut;
        }
    }

    /** The agent's deadline where it is shorter than the app's read timeout (0: none), else null. */
    private Duration agentDeadline(Duration headDeadline) {
        int appReadTimeout = appConnection.getReadTimeout();
        return headDeadline != null && (appReadTimeout == 0 || headDeadline.toMillis() < appReadTimeout) ? headDeadline : null;
    }

    private static boolean isReadTimeout(SocketTimeoutException e) {
        return e.getMessage() == null || !e.getMessage().toLowerCase(Locale.ROOT).contains("connect");
    }

    /**
     * One attempt and its abort, as a named class rather than lambdas: a lambda call site whose
     * type names an adapter class can make the JVM resolve that class through the agent jar's
     * built-in loader instead of the adapter's.
     */
    private static final class Attempt implements HeadDeadline.Attempt<LlmResponse>, Runnable {
        private final HttpURLConnection connection;
        private final LlmRequest request;

        Attempt(HttpURLConnection connection, LlmRequest request) {
            this.connection = connection;
            this.request = request;
        }

        @Override
        public LlmResponse send() throws IOException {
            return exchange(connection, request);
        }

        /** Aborts the attempt in flight: its socket is closed. */
        @Override
        public void run() {
            connection.disconnect();
        }
    }

    /**
     * A connection opened like the app's; one for an attempt the runtime rewrote follows no
     * redirect, which would carry its key and the prompt to the {@code Location}.
     */
    private HttpURLConnection open(URL url, boolean original) throws IOException {
        HttpURLConnection connection = (HttpURLConnection) (proxy == null ? url.openConnection() : url.openConnection(proxy));
        connection.setConnectTimeout(appConnection.getConnectTimeout());
        connection.setReadTimeout(appConnection.getReadTimeout());
        connection.setInstanceFollowRedirects(original && appConnection.getInstanceFollowRedirects());
        connection.setUseCaches(appConnection.getUseCaches());
        return connection;
    }

    /**
     * The attempt's response, head read and body unread. Closing its body hands a fully read
     * keep-alive connection back to the JDK's cache; aborting closes its socket, reading nothing on.
     */
    private static LlmResponse exchange(HttpURLConnection connection, LlmRequest attempt) throws IOException {
        try {
            connection.setRequestMethod(attempt.method());
            attempt.headers().forEach((name, value) -> {
                if (!DERIVED_HEADERS.contains(name.toLowerCase(Locale.ROOT))) {
                    connection.addRequestProperty(name, value);
                }
            });
            writeBody(connection, attempt.body());
            int status = connection.getResponseCode();
            if (status < 0) {
                throw new IOException("not a valid HTTP response from " + attempt);
            }
            InputStream body = status >= 400 ? connection.getErrorStream() : connection.getInputStream();
            return NativeResponse.of(connection, status, headersOf(connection),
                    body == null ? InputStream.nullInputStream() : body).abortedBy(connection::disconnect);
        } catch (IOException | RuntimeException e) {
            connection.disconnect();
            throw e;
        }
    }

    private static void writeBody(HttpURLConnection connection, byte[] body) throws IOException {
        if (body.length == 0) {
            return;
        }
        connection.setDoOutput(true);
        connection.setFixedLengthStreamingMode(body.length);
        try (OutputStream out = connection.getOutputStream()) {
            out.write(body);
        }
    }

    private static HttpHeaders headersOf(HttpURLConnection connection) {
        HttpHeaders.Builder headers = HttpHeaders.builder();
        for (int i = 1; ; i++) {
            String name = connection.getHeaderFieldKey(i);
            String value = connection.getHeaderField(i);
            if (name == null && value == null) {
                return headers.build();
            }
            if (name != null) {
                headers.add(name, value);
            }
        }
    }
}
