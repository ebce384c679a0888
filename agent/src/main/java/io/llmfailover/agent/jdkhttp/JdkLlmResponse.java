package io.llmfailover.agent.jdkhttp;

import io.llmfailover.runtime.http.HttpHeaders;
import io.llmfailover.runtime.http.LlmResponse;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;

/** One attempt's JDK response (head received, body unread), seen by the runtime. */
final class JdkLlmResponse implements LlmResponse {

    private final HttpResponse<InputStream> response;
    private final boolean answersAppRequest;
    private final HttpHeaders headers;

    JdkLlmResponse(HttpResponse<InputStream> response, boolean answersAppRequest) {
        this.response = response;
        this.answersAppRequest = answersAppRequest;
        this.headers = HttpHeaders.of(response.headers().map());
    }

    HttpResponse<InputStream> nativeResponse() {
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
        return response.body();
    }

    @Override
    public void close() {
        try {
            response.body().close();
        } catch (IOException ignored) {
            // closing releases the connection; there is nothing more to do if it fails
        }
    }
}
