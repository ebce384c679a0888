package io.llmfailover.agent.jetty;

import io.llmfailover.runtime.http.HttpHeaders;
import io.llmfailover.runtime.http.LlmResponse;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.AsynchronousCloseException;
import org.eclipse.jetty.client.Response;
import org.eclipse.jetty.http.HttpField;

/**
 * One attempt's response, seen by the runtime as a blocking stream that Jetty fills as it is read;
 * keeps the native head for the app. Closing it before the body ended aborts the attempt, which
 * closes its connection; nothing ever waits for the rest of the body.
 */
final class JettyLlmResponse implements LlmResponse {

    private final Response head;
    private final InputStream body;
    private final HttpHeaders headers;

    JettyLlmResponse(Response head, InputStream body) {
        this.head = head;
        this.body = body;
        HttpHeaders.Builder neutral = HttpHeaders.builder();
        for (HttpField field : head.getHeaders()) {
            neutral.add(field.getName(), field.getValue());
        }
        this.headers = neutral.build();
    }

    Response nativeHead() {
        return head;
    }

    @Override
    public int status() {
        return head.getStatus();
    }

    @Override
    public HttpHeaders headers() {
        return headers;
    }

    @Override
    public InputStream body() {
        return body;
    }

    @Override
    public void abort() {
        head.abort(new AsynchronousCloseException());
        close();
    }

    /** A response that already ended is not aborted: Jetty ignores the abort of a finished exchange. */
    @Override
    public void close() {
        try {
            body.close();
        } catch (IOException ignored) {
            // closing only drops what was not read
        }
        head.abort(new AsynchronousCloseException());
    }
}
