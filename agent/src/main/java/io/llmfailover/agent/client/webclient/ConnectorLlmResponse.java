package io.llmfailover.agent.client.webclient;

import io.llmfailover.agent.lifecycle.AbandonableBody;
import io.llmfailover.agent.lifecycle.AppWait;
import io.llmfailover.agent.lifecycle.ArrivingBody;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmResponse;
import java.io.InputStream;
import org.springframework.http.client.reactive.ClientHttpResponse;

/**
 * One attempt's reactive response, seen by the runtime. Its body is subscribed only when the
 * runtime reads it; a read that fails because the app gave up (it cancelled, or the connector's
 * client timed out as the app set it) is the app's, not the provider's. The native response is
 * kept for the app when it answers the app's own request. Closing or aborting cancels the body,
 * which never blocks.
 */
final class ConnectorLlmResponse implements LlmResponse {

    private final ClientHttpResponse response;
    private final AppWait app;
    private final HttpHeaders headers;
    private ArrivingBody body;
    private InputStream read;
    private boolean handedOver;

    ConnectorLlmResponse(ClientHttpResponse response, AppWait app) {
        this.response = response;
        this.app = app;
        HttpHeaders.Builder neutral = HttpHeaders.builder();
        response.getHeaders().forEach((name, values) -> values.forEach(value -> neutral.add(name, value)));
        this.headers = neutral.build();
    }

    /** The connector's own response, whose body the app now reads and releases itself. */
    synchronized ClientHttpResponse handOver() {
        handedOver = true;
        return response;
    }

    /** The connector's own response, its body still the runtime's to read through {@link #body()}. */
    ClientHttpResponse nativeResponse() {
        return response;
    }

    @Override
    public int status() {
        return response.getStatusCode().value();
    }

    @Override
    public HttpHeaders headers() {
        return headers;
    }

    @Override
    public synchronized InputStream body() {
        if (body == null) {
            body = DataBufferBody.of(response);
        }
        if (read == null) {
            read = AbandonableBody.of(body, app);
        }
        return read;
    }

    /** Releases the connection; a response handed to the app is the app's to release. */
    @Override
    public synchronized void close() {
        if (!handedOver) {
            release();
        }
    }

    /** Releases the connection, handed over or not: the app cancelled before it got the response. */
    synchronized void release() {
        if (body == null) {
            body = DataBufferBody.of(response);
        }
        body.close();
    }
}
