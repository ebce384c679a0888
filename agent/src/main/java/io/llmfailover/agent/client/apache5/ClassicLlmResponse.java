package io.llmfailover.agent.client.apache5;

import io.llmfailover.agent.lifecycle.AbandonableBody;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.function.BooleanSupplier;
import org.apache.hc.client5.http.classic.ExecRuntime;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpEntity;

/**
 * One attempt's classic response, seen by the runtime; keeps the native response for the app.
 * Closing it closes the body the attempt received, whatever body the app was given instead.
 */
final class ClassicLlmResponse implements LlmResponse {

    private final ClassicHttpResponse response;
    private final HttpEntity received;
    private final ExecRuntime runtime;
    private final HttpHeaders headers;
    /** Whether the app cancelled its request: a body read that fails then is the app's doing. */
    private final BooleanSupplier appCancelled;

    /** @param runtime the attempt's own exec runtime, holding its connection */
    ClassicLlmResponse(ClassicHttpResponse response, ExecRuntime runtime, BooleanSupplier appCancelled) {
        this.response = response;
        this.received = response.getEntity();
        this.runtime = runtime;
        this.appCancelled = appCancelled;
        HttpHeaders.Builder neutral = HttpHeaders.builder();
        for (Header header : response.getHeaders()) {
            neutral.add(header.getName(), header.getValue());
        }
        this.headers = neutral.build();
    }

    ClassicHttpResponse nativeResponse() {
        return response;
    }

    @Override
    public int status() {
        return response.getCode();
    }

    @Override
    public HttpHeaders headers() {
        return headers;
    }

    @Override
    public InputStream body() {
        try {
            return received == null ? InputStream.nullInputStream() : AbandonableBody.of(received.getContent(), appCancelled);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Closes the connection at once. Closing the body would read a chunked one to its end first
     * (httpcore5's {@code ChunkedInputStream}), which a stream of keep-alive comments never reaches.
     */
    @Override
    public void abort() {
        runtime.discardEndpoint();
    }

    @Override
    public void close() {
        try {
            if (received != null) {
                received.close();
            }
        } catch (IOException ignored) {
            // closing releases the connection; there is nothing more to do if it fails
        } finally {
            runtime.discardEndpoint();
        }
    }
}
