package io.llmfailover.runtime.http;

import java.io.IOException;

/**
 * "Send this request with the app's own client": what an agent adapter hands the runtime, so that
 * every attempt uses the app's connection pool, TLS and proxy settings.
 */
@FunctionalInterface
public interface Transport {

    /**
     * Sends one attempt and returns once its response head has arrived (or, for an unstreamed
     * attempt, possibly once the whole body has).
     *
     * @throws FirstByteTimeoutException when no head arrived within {@link AttemptRequest#headTimeout()}
     * @throws java.io.InterruptedIOException when the app cancelled the call (interrupt, cancel):
     *     the runtime then stops at once and records nothing against the provider
     * @throws IOException when no response head was received (connect failure, reset, timeout)
     */
    LlmResponse send(AttemptRequest attempt) throws IOException;
}
