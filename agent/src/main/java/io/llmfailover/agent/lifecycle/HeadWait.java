package io.llmfailover.agent.lifecycle;

import io.llmfailover.runtime.http.CallAbandonedException;
import io.llmfailover.runtime.http.FirstByteTimeoutException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * Waits, on an agent thread, for the head of one attempt of a reactive client. An attempt that
 * misses the agent's deadline, or that the app gives up on, is cancelled, which makes the client
 * abandon the exchange and release its connection; a head that won that race is released.
 */
public final class HeadWait {

    private HeadWait() {}

    /**
     * @param deadline the agent's deadline, or null for none
     * @param release releases a head nobody will read
     * @throws CallAbandonedException the app cancelled, or its own timeout expired
     * @throws FirstByteTimeoutException no head within {@code deadline}
     * @throws IOException the client's failure ({@link TransportFailure} when it is no IOException)
     */
    public static <T> T await(CompletableFuture<T> head, Duration deadline, AppWait app, Consumer<T> release)
            throws IOException {
        app.onAbandon(() -> head.cancel(true));
        try {
            return deadline == null ? head.get() : head.get(deadline.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            abandon(head, release);
            FirstByteTimeoutException timeout = new FirstByteTimeoutException(deadline);
            timeout.initCause(e);
            throw timeout;
        } catch (CancellationException e) {
            throw abandonedByApp();
        } catch (InterruptedException e) {
            abandon(head, release);
            Thread.currentThread().interrupt();
            throw new CallAbandonedException(new InterruptedIOException("interrupted while waiting for the response head"));
        } catch (ExecutionException e) {
            throw app.abandoned() ? abandonedByApp() : TransportFailure.classified(e.getCause());
        }
    }

    public static CallAbandonedException abandonedByApp() {
        return new CallAbandonedException(new InterruptedIOException("the app cancelled its call"));
    }

    private static <T> void abandon(CompletableFuture<T> head, Consumer<T> release) {
        if (!head.cancel(true) && !head.isCompletedExceptionally()) {
            head.thenAccept(release);
        }
    }
}
