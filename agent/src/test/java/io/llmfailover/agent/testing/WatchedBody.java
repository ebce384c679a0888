package io.llmfailover.agent.testing;

import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmResponse;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.atomic.AtomicInteger;

/** An answer as telemetry hands it on: the same head, its body counted as the app reads it. */
public record WatchedBody(LlmResponse upstream, AtomicInteger bytesRead) implements LlmResponse {

    @Override
    public int status() {
        return upstream.status();
    }

    @Override
    public HttpHeaders headers() {
        return upstream.headers();
    }

    @Override
    public InputStream body() {
        return new FilterInputStream(upstream.body()) {
            @Override
            public int read() throws IOException {
                int read = super.read();
                bytesRead.addAndGet(read < 0 ? 0 : 1);
                return read;
            }

            @Override
            public int read(byte[] buffer, int offset, int length) throws IOException {
                int read = super.read(buffer, offset, length);
                bytesRead.addAndGet(Math.max(read, 0));
                return read;
            }
        };
    }

    @Override
    public void close() {
        upstream.close();
    }
}
