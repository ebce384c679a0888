package io.llmfailover.agent.jdkhttp;

import io.llmfailover.runtime.http.HttpHeaders;
import io.llmfailover.runtime.http.LlmResponse;
import io.llmfailover.runtime.http.WholeBodyStream;
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
    private final boolean bodyDelivered;

    /** @param body the response's body as a stream: the client's own, or over the bytes it read whole */
    JdkLlmResponse(HttpResponse<?> response, InputStream body) {
        this(response, body, false);
    }

    private JdkLlmResponse(HttpResponse<?> response, InputStream body, boolean bodyDelivered) {
        this.response = response;
        this.body = body;
        this.headers = HttpHeaders.of(response.headers().map());
        this.bodyDelivered = bodyDelivered;
    }

    /**
     * A response whose body the app's own handler already took as the client read it: the native
     * response's body is the app's, and {@code body} the same bytes, for the runtime.
     */
    static JdkLlmResponse deliveredToApp(HttpResponse<?> response, byte[] body) {
        return new JdkLlmResponse(response, new WholeBodyStream(body), true);
    }

    HttpResponse<?> nativeResponse() {
        return response;
    }

    /** Whether the native response's body is the app's already (see {@link #deliveredToApp}). */
    boolean bodyDelivered() {
        return bodyDelivered;
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
