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

    /**
     * The response this one hands on with the very same status and headers, only its body stream
     * watched on the way (telemetry does this); the response itself otherwise. Lets an adapter give
     * the app its client's native response, with {@link #body()} in place of the native body.
     */
    default LlmResponse origin() {
        return this;
    }

    @Override
    void close();
}
