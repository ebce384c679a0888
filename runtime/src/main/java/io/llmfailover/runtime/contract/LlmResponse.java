package io.llmfailover.runtime.contract;

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

    /**
     * Abandons the exchange at once, without reading what is left of the body (a chunked body's
     * close may drain it to the end): called from timer threads, it must never block. Closing is
     * enough where close never drains.
     */
    default void abort() {
        close();
    }

    @Override
    void close();
}
