package io.llmfailover.runtime.http;

import java.io.Closeable;
import java.io.InputStream;

/**
 * A response whose head (status and headers) has arrived and whose body has not been read.
 * The body is a stream so that SSE passes through lazily; closing the response releases the
 * connection without reading the rest.
 */
public interface LlmResponse extends Closeable {

    int status();

    HttpHeaders headers();

    /** The body, read at most once. */
    InputStream body();

    @Override
    void close();
}
