package io.llmfailover.agent.ktor;

import io.ktor.client.request.HttpResponseData;
import io.ktor.http.Headers;
import io.ktor.utils.io.ByteReadChannel;
import io.llmfailover.runtime.http.HttpHeaders;
import io.llmfailover.runtime.http.LlmResponse;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.CancellationException;
import kotlinx.coroutines.CompletableJob;

/**
 * One attempt's response, its body seen by the runtime as a blocking stream over the engine's
 * channel; keeps the native response for the app. Closing it after the body ended lets the engine
 * keep the connection; closing it earlier cancels the attempt's job, which closes the connection.
 */
final class KtorLlmResponse implements LlmResponse {

    private final HttpResponseData response;
    private final CompletableJob job;
    private final ByteReadChannel channel;
    private final InputStream body;
    private final HttpHeaders headers;

    KtorLlmResponse(HttpResponseData response, CompletableJob job) {
        this.response = response;
        this.job = job;
        this.channel = (ByteReadChannel) response.getBody();
        this.body = new EngineBody(channel);
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
        if (channel.isClosedForRead()) {
            job.complete();
            return;
        }
        job.cancel((CancellationException) null);
        try {
            body.close();
        } catch (IOException ignored) {
            // closing only drops what was not read
        }
    }
}
