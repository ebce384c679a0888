package io.llmfailover.agent.client.apache4;

import io.llmfailover.agent.lifecycle.AbandonableBody;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.function.BooleanSupplier;
import org.apache.http.Header;
import org.apache.http.HttpEntity;
import org.apache.http.client.methods.CloseableHttpResponse;

/** One attempt's response, seen by the runtime; keeps the native response for the app. */
final class Apache4LlmResponse implements LlmResponse {

    private final CloseableHttpResponse response;
    private final AttemptAbort abort;
    private final HttpHeaders headers;
    /** Whether the app aborted its request: a body read that fails then is the app's doing. */
    private final BooleanSupplier appAborted;

    Apache4LlmResponse(CloseableHttpResponse response, AttemptAbort abort, BooleanSupplier appAborted) {
        this.response = response;
        this.abort = abort;
        this.appAborted = appAborted;
        HttpHeaders.Builder neutral = HttpHeaders.builder();
        for (Header header : response.getAllHeaders()) {
            neutral.add(header.getName(), header.getValue());
        }
        this.headers = neutral.build();
    }

    CloseableHttpResponse nativeResponse() {
        return response;
    }

    @Override
    public int status() {
        return response.getStatusLine().getStatusCode();
    }

    @Override
    public HttpHeaders headers() {
        return headers;
    }

    @Override
    public InputStream body() {
        HttpEntity entity = response.getEntity();
        try {
            return entity == null ? InputStream.nullInputStream() : AbandonableBody.of(entity.getContent(), appAborted);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Shuts the connection down at once (the client's own abort): nothing is read, nothing waited for. */
    @Override
    public void abort() {
        abort.cancel();
    }

    @Override
    public void close() {
        try {
            response.close();
        } catch (IOException ignored) {
            // closing releases the connection; there is nothing more to do if it fails
        }
    }
}
