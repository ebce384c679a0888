package io.llmfailover.runtime.http;

import java.io.IOException;
import java.time.Duration;

/**
 * "Send this request with the app's own client": what an agent adapter hands the runtime, so that
 * every attempt uses the app's connection pool, TLS and proxy settings.
 */
@FunctionalInterface
public interface Transport {

    /**
     * Sends the request and returns once the response head has arrived.
     *
     * @param firstByteTimeout how long to wait for the response head, or null for no limit of the
     *     agent's (a request the agent does not govern); on expiry the attempt is
     *     cancelled, its connection released, and {@link FirstByteTimeoutException} thrown
     * @throws IOException when no response head was received (connect failure, reset, timeout)
     */
    LlmResponse send(LlmRequest request, Duration firstByteTimeout) throws IOException;

    /**
     * As {@link #send}, for a call whose answer is one document rather than a stream: the
     * transport may return only once the whole body has arrived, when that saves the caller a
     * second wait (and a second wake-up) for the body. The first-byte deadline still ends at the head.
     */
    default LlmResponse sendUnstreamed(LlmRequest request, Duration firstByteTimeout) throws IOException {
        return send(request, firstByteTimeout);
    }
}
