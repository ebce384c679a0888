package io.llmfailover.agent.jdkhttp;

import io.llmfailover.runtime.http.HttpHeaders;
import io.llmfailover.runtime.http.LlmResponse;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;

/** One attempt's JDK response (head received, body unread), seen by the runtime. */
final class JdkLlmResponse implements LlmResponse {

    private final HttpResponse<?> response;
    private final InputStream body;
    private final boolean answersAppRequest;
    private final HttpHeaders headers;

    /** @param body the response's body as a stream: the client's own, or over the bytes it read whole */
    JdkLlmResponse(HttpResponse<?> response, InputStream body, boolean answersAppRequest) {
        this.response = response;
        this.body = body;
        this.answersAppRequest = answersAppRequest;
        this.headers = HttpHeaders.of(response.headers().map());
    }

    HttpResponse<?> nativeResponse() {
        return response;
    }

    /** True when the attempt was the app's own request, untouched by the runtime but for added trace headers. */
    boolean answersAppRequest() {
        return answersAppRequest;
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
