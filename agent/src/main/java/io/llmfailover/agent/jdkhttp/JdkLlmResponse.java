package io.llmfailover.agent.jdkhttp;

import io.llmfailover.runtime.http.HttpHeaders;
import io.llmfailover.runtime.http.LlmResponse;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;

/**
 * One attempt's JDK response (head received, body unread), seen by the runtime. Closing it closes
 * the client's body stream, which before the end cancels the exchange without reading on: closing
 * is aborting.
 */
final class JdkLlmResponse implements LlmResponse {

    private final HttpResponse<?> response;
    private final InputStream body;
    private final HttpHeaders headers;

    /** @param body the response's body as a stream: the client's own, or over the bytes it read whole */
    JdkLlmResponse(HttpResponse<?> response, InputStream body) {
        this.response = response;
        this.body = body;
        this.headers = HttpHeaders.of(response.headers().map());
    }

    HttpResponse<?> nativeResponse() {
        return response;
    }

    @Override
    public int status() {
        return response.statusCode();
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
    public void close() {
        try {
            body.close();
        } catch (IOException ignored) {
            // closing releases the connection; there is nothing more to do if it fails
        }
    }
}
