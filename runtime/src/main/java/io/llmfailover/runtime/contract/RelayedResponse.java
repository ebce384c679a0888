package io.llmfailover.runtime.contract;

import java.io.IOException;
import java.io.InputStream;

/**
 * An upstream response handed on with other headers and, when translated, another body stream.
 * Closing it closes both the body and the upstream response.
 */
public final class RelayedResponse implements LlmResponse {

    private final LlmResponse upstream;
    private final HttpHeaders headers;
    private final InputStream body;

    public RelayedResponse(LlmResponse upstream, HttpHeaders headers, InputStream body) {
        this.upstream = upstream;
        this.headers = headers;
        this.body = body;
    }

    @Override
    public int status() {
        return upstream.status();
    }

    @Override
    public HttpHeaders headers() {
        return headers;
    }

    @Override
    public InputStream body() {
        return body;
    }

    /** Abandons the upstream exchange at once (never drains): the body over it then ends or fails. */
    @Override
    public void abort() {
        upstream.abort();
    }

    @Override
    public void close() {
        try {
            body.close();
        } catch (IOException ignored) {
            // Closing is best effort: the upstream close below releases the connection.
        }
        upstream.close();
    }
}
