package io.llmfailover.runtime.operations.cache;

/**
 * A successful answer as the app read it, in its own wire format: JSON, or SSE for a stream.
 *
 * @param storedAtNanos on the runtime clock, for {@code cache.ttl}
 */
record CachedAnswer(String contentType, byte[] body, long storedAtNanos) {

    long bytes() {
        return body.length;
    }
}
