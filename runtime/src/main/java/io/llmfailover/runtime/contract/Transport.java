package io.llmfailover.runtime.contract;

import java.io.IOException;
import java.util.Optional;
import java.util.concurrent.Executor;

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
     * @throws HeadDeadlineException when no head arrived within {@link AttemptRequest#headDeadline()}
     * @throws java.io.InterruptedIOException when the app cancelled the call (interrupt, cancel):
     *     the runtime then stops at once and records nothing against the provider
     * @throws IOException when no response head was received (connect failure, reset, timeout)
     */
    LlmResponse send(AttemptRequest attempt) throws IOException;

    /**
     * The threads from which attempts of one call may be sent at the same time ({@code hedge.after}),
     * or empty, the default, when the client can have only one attempt of a call in flight. An
     * attempt sent from such a thread must end promptly, its exchange aborted and its connection
     * released, when that thread is interrupted; the executor throws {@link
     * java.util.concurrent.RejectedExecutionException} rather than run a task on the caller's thread.
     */
    default Optional<Executor> concurrentSends() {
        return Optional.empty();
    }
}
