package io.llmfailover.agent.urlconnection;

import io.llmfailover.agent.bootstrap.CallDepth;
import io.llmfailover.agent.bootstrap.HeadDeadline;
import io.llmfailover.runtime.http.LlmRequest;
import io.llmfailover.runtime.http.LlmResponse;
import io.llmfailover.runtime.http.Transport;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.Proxy;
import java.net.URL;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Sends each attempt on a new {@code HttpURLConnection} opened like the app's (its proxy, timeouts,
 * redirect and cache settings), as an agent call the hooks leave alone.
 */
final class UrlConnectionTransport implements io.llmfailover.runtime.http.LegacyTransport {

    /** Set by the connection itself from the URL and the body. */
    private static final Set<String> DERIVED_HEADERS = Set.of("host", "content-length", "transfer-encoding", "connection");

    private final HttpURLConnection appConnection;
    private final Proxy proxy;
    private final LlmRequest appRequest;

    UrlConnectionTransport(HttpURLConnection appConnection, Proxy proxy, LlmRequest appRequest) {
        this.appConnection = appConnection;
        this.proxy = proxy;
        this.appRequest = appRequest;
    }

    @Override
    public LlmResponse send(LlmRequest attempt, Duration firstByteTimeout) throws IOException {
        HttpURLConnection connection = open(attempt.uri().toURL());
        boolean untouched = attempt == appRequest;
        Attempt sending = new Attempt(connection, attempt, untouched);
        return HeadDeadline.await(firstByteTimeout, sending, sending, sending);
    }

    /**
     * One attempt, its abort and its late release, as a named class rather than lambdas: a lambda
     * call site whose type names an adapter class can make the JVM resolve that class through the
     * agent jar's built-in loader instead of the adapter's.
     */
    private static final class Attempt implements HeadDeadline.Attempt<UrlConnectionLlmResponse>, Runnable,
            Consumer<UrlConnectionLlmResponse> {
        private final HttpURLConnection connection;
        private final LlmRequest request;
        private final boolean untouched;

        Attempt(HttpURLConnection connection, LlmRequest request, boolean untouched) {
            this.connection = connection;
            this.request = request;
            this.untouched = untouched;
        }

        @Override
        public UrlConnectionLlmResponse send() throws IOException {
            return exchange(connection, request, untouched);
        }

        /** Aborts the attempt in flight: its socket is closed. */
        @Override
        public void run() {
            connection.disconnect();
        }

        /** Releases a head that arrived too late. */
        @Override
        public void accept(UrlConnectionLlmResponse late) {
            late.close();
        }
    }

    private HttpURLConnection open(URL url) throws IOException {
        HttpURLConnection connection = (HttpURLConnection) (proxy == null ? url.openConnection() : url.openConnection(proxy));
        connection.setConnectTimeout(appConnection.getConnectTimeout());
        connection.setReadTimeout(appConnection.getReadTimeout());
        connection.setInstanceFollowRedirects(appConnection.getInstanceFollowRedirects());
        connection.setUseCaches(appConnection.getUseCaches());
        return connection;
    }

    private static UrlConnectionLlmResponse exchange(HttpURLConnection connection, LlmRequest attempt, boolean untouched)
            throws IOException {
        CallDepth.enter();
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
            return new UrlConnectionLlmResponse(status, connection.getHeaderField(0), headerLines(connection),
                    body == null ? InputStream.nullInputStream() : body, untouched);
        } catch (IOException | RuntimeException e) {
            connection.disconnect();
            throw e;
        } finally {
            CallDepth.exit();
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

    private static List<ChosenResponse.HeaderLine> headerLines(HttpURLConnection connection) {
        List<ChosenResponse.HeaderLine> lines = new ArrayList<>();
        for (int i = 1; ; i++) {
            String name = connection.getHeaderFieldKey(i);
            String value = connection.getHeaderField(i);
            if (name == null && value == null) {
                return lines;
            }
            if (name != null) {
                lines.add(new ChosenResponse.HeaderLine(name, value));
            }
        }
    }
}
