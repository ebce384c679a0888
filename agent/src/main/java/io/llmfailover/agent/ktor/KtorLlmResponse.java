package io.llmfailover.agent.ktor;

import io.ktor.client.request.HttpResponseData;
import io.ktor.http.Headers;
import io.ktor.utils.io.ByteReadChannel;
import io.llmfailover.agent.lifecycle.AbandonableBody;
import io.llmfailover.runtime.http.HttpHeaders;
import io.llmfailover.runtime.http.LlmResponse;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;
import kotlinx.coroutines.CompletableJob;

/**
 * One attempt's response, its body seen by the runtime as a blocking stream over the engine's
 * channel; keeps the native response for the app. Closing it, or its body, ends the attempt's job,
 * a child of the app's call that Ktor waits for before the call ends: once the body ended the job
 * completes and the engine keeps the connection; earlier, cancelling it closes the connection.
 */
final class KtorLlmResponse implements LlmResponse {

    private final HttpResponseData response;
    private final CompletableJob job;
    private final ByteReadChannel channel;
    private final InputStream body;
    private final HttpHeaders headers;

    /** @param appGaveUp whether the app has cancelled its call (its request timeout included) */
    KtorLlmResponse(HttpResponseData response, CompletableJob job, BooleanSupplier appGaveUp) {
        this.response = response;
        this.job = job;
        this.channel = (ByteReadChannel) response.getBody();
        this.body = AbandonableBody.of(new EngineBody(channel, this::endAttempt), appGaveUp);
        HttpHeaders.Builder neutral = HttpHeaders.builder();
        Headers nativeHeaders = response.getHeaders();
        for (String name : nativeHeaders.names()) {
            for (String value : nativeHeaders.getAll(name)) {
                neutral.add(name, value);
            }
        }
        this.headers = neutral.build();
    }

    HttpResponseData nativeResponse() {
        return response;
    }

    @Override
    public int status() {
        return response.getStatusCode().getValue();
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
        job.cancel((CancellationException) null);
    }

    @Override
    public void close() {
        try {
            body.close();
        } catch (IOException ignored) {
            // closing only drops what was not read
        }
    }

    private void endAttempt() {
        if (channel.isClosedForRead()) {
            job.complete();
        } else {
            job.cancel((CancellationException) null);
        }
    }
}
