package io.llmfailover.runtime.contract;

import java.io.InputStream;

/** A response made by the runtime itself, or an upstream error body kept in memory. */
public record BufferedResponse(int status, HttpHeaders headers, byte[] bytes) implements LlmResponse {

    @Override
    public InputStream body() {
        return new WholeBodyStream(bytes);
    }

    @Override
    public void close() {}
}
