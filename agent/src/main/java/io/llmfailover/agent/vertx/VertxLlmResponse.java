package io.llmfailover.agent.vertx;

import io.llmfailover.agent.lifecycle.AbandonableBody;
import io.llmfailover.agent.lifecycle.ArrivingBody;
import io.llmfailover.runtime.http.HttpHeaders;
import io.llmfailover.runtime.http.LlmResponse;
import io.vertx.core.http.HttpClientResponse;
import java.io.InputStream;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * One attempt's response, seen by the runtime. Made on the response's own context with the
 * response paused, so no byte is lost; its body flows one buffer per read as the runtime reads it.
 */
final class VertxLlmResponse implements LlmResponse {

    private final HttpClientResponse response;
    private final HttpHeaders headers;
    private final ArrivingBody body;
    /** Whether the app reset its request: a body read that fails then is the app's doing. */
    private final BooleanSupplier appReset;
    /** The app's own timeouts on the attempt, which a body read that fails may be; null for a request sent as the app made it. */
    private final AppTimeouts own;

    VertxLlmResponse(HttpClientResponse response, BooleanSupplier appReset, AppTimeouts own) {
        this.response = response;
        this.body = ResponseBodyStream.of(response, own == null ? () -> {} : own::activity);
        this.appReset = appReset;
        this.own = own;
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
        return own == null ? AbandonableBody.of(body, appReset) : AbandonableBody.of(body, appReset, own::ended);
    }

    /** A body not read to its end is cut off: the client closes the connection. */
    @Override
    public void close() {
        body.close();
    }
}
