package io.llmfailover.agent.client.micronaut;

import io.llmfailover.agent.lifecycle.reactive.PublishedBody;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmResponse;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.client.exceptions.HttpClientResponseException;
import io.micronaut.http.netty.NettyHttpResponseBuilder;
import io.netty.buffer.ByteBufUtil;
import io.netty.handler.codec.http.HttpContent;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * One attempt's answer, seen by the runtime, and what the app's client made of it (its response,
 * or the exception it raises for an error status), handed to the app as it is when the runtime
 * leaves it untouched. A streamed body is read as it arrives, one chunk of demand at a time; a
 * decoded one from the bytes Micronaut kept.
 */
final class MicronautLlmResponse implements LlmResponse {

    private final AppOutcome outcome;
    private final HttpResponse<?> response;
    private final boolean streamed;
    private final HttpHeaders headers;
    private InputStream body;

    private MicronautLlmResponse(AppOutcome outcome, HttpResponse<?> response, boolean streamed) {
        this.outcome = outcome;
        this.response = response;
        this.streamed = streamed;
        this.headers = MicronautBinding.neutral(response.getHeaders());
    }

    static MicronautLlmResponse answered(MicronautCall call, HttpResponse<?> response) {
        return new MicronautLlmResponse(AppOutcome.of(response), response, call.streamed());
    }

    static MicronautLlmResponse refused(MicronautCall call, HttpClientResponseException error) {
        return new MicronautLlmResponse(AppOutcome.failed(error), error.getResponse(), call.streamed());
    }

    AppOutcome outcome() {
        return outcome;
    }

    @Override
    public int status() {
        return response.code();
    }

    @Override
    public HttpHeaders headers() {
        return headers;
    }

    @Override
    public synchronized InputStream body() {
        if (body == null) {
            body = streamed
                    ? PublishedBody.of(NettyHttpResponseBuilder.toStreamResponse(response), MicronautLlmResponse::copied)
                    : new ByteArrayInputStream(response.getBody(byte[].class).orElse(new byte[0]));
        }
        return body;
    }

    private static byte[] copied(HttpContent content) {
        try {
            return ByteBufUtil.getBytes(content.content());
        } finally {
            content.release();
        }
    }

    /** A streamed body not read to its end is cancelled, which closes its connection. */
    @Override
    public void close() {
        try {
            body().close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
