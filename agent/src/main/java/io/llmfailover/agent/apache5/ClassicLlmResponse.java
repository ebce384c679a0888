package io.llmfailover.agent.apache5;

import io.llmfailover.runtime.http.HttpHeaders;
import io.llmfailover.runtime.http.LlmResponse;
import java.io.IOException;
import java.io.InputStream;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpEntity;

/** One attempt's classic response, seen by the runtime; keeps the native response for the app. */
final class ClassicLlmResponse implements LlmResponse {

    private final ClassicHttpResponse response;
    private final boolean answersAppRequest;
    private final HttpHeaders headers;

    ClassicLlmResponse(ClassicHttpResponse response, boolean answersAppRequest) {
        this.response = response;
        this.answersAppRequest = answersAppRequest;
        HttpHeaders.Builder neutral = HttpHeaders.builder();
        for (Header header : response.getHeaders()) {
            neutral.add(header.getName(), header.getValue());
        }
        this.headers = neutral.build();
    }

    ClassicHttpResponse nativeResponse() {
        return response;
    }

    /** True when the attempt was the app's own request, untouched by the runtime. */
    boolean answersAppRequest() {
        return answersAppRequest;
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
        HttpEntity entity = response.getEntity();
        try {
            return entity == null ? InputStream.nullInputStream() : entity.getContent();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
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
