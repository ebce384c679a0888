package io.llmfailover.agent.vertx;

import io.llmfailover.agent.lifecycle.ArrivingBody;
import io.llmfailover.runtime.http.HttpHeaders;
import io.llmfailover.runtime.http.LlmResponse;
import io.vertx.core.http.HttpClientResponse;
import java.io.InputStream;
import java.util.Map;

/**
 * One attempt's response, seen by the runtime. Made on the response's own context with the
 * response paused, so no byte is lost; its body flows one buffer per read as the runtime reads it.
 */
final class VertxLlmResponse implements LlmResponse {

    private final HttpClientResponse response;
    private final HttpHeaders headers;
    private final ArrivingBody body;

    VertxLlmResponse(HttpClientResponse response) {
        this.response = response;
        this.body = ResponseBodyStream.of(response);
        HttpHeaders.Builder neutral = HttpHeaders.builder();
        for (Map.Entry<String, String> header : response.headers()) {
            neutral.add(header.getKey(), header.getValue());
        }
        this.headers = neutral.build();
    }

    @Override
    public int status() {
        return response.statusCode();
    }

    String statusMessage() {
        return response.statusMessage();
    }

    @Override
    public HttpHeaders headers() {
        return headers;
    }

    @Override
    public InputStream body() {
        return body;
    }

    /** A body not read to its end is cut off: the client closes the connection. */
    @Override
    public void close() {
        body.close();
    }
}
