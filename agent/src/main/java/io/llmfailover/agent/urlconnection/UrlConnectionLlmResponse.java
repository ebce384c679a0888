package io.llmfailover.agent.urlconnection;

import io.llmfailover.runtime.http.HttpHeaders;
import io.llmfailover.runtime.http.LlmResponse;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;

/** One attempt's response, head read and body unread, seen by the runtime; keeps its connection for the app. */
final class UrlConnectionLlmResponse implements LlmResponse {

    private final HttpURLConnection connection;
    private final int status;
    private final HttpHeaders headers;
    private final InputStream body;

    UrlConnectionLlmResponse(HttpURLConnection connection, int status, HttpHeaders headers, InputStream body) {
        this.connection = connection;
        this.status = status;
        this.headers = headers;
        this.body = body;
    }

    HttpURLConnection connection() {
        return connection;
    }

    @Override
    public int status() {
        return status;
    }

    @Override
    public HttpHeaders headers() {
        return headers;
    }

    @Override
    public InputStream body() {
        return body;
    }

    /** Closes the socket; the body is not read on. */
    @Override
    public void abort() {
        connection.disconnect();
    }

    /** Closing the body hands a fully read keep-alive connection back to the JDK's cache. */
    @Override
    public void close() {
        try {
            body.close();
        } catch (IOException ignored) {
            // the connection is released either way
        }
    }
}
