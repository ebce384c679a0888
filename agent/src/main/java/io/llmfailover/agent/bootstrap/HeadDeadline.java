package io.llmfailover.agent.bootstrap;

import io.llmfailover.runtime.http.FirstByteTimeoutException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * Bounds the wait for a blocking client's response head by the first-byte timeout. A blocking
 * client offers no deadline for the head alone (its read timeout also governs the body, where a
 * stream may pause for long), so the attempt runs on the adapter executor while the caller waits
 * with the deadline; on expiry the attempt is aborted and its connection released.
 */
public final class HeadDeadline {

    /** One blocking attempt: returns once the response head is in. */
    @FunctionalInterface
    public interface Attempt<T> {
        T send() throws IOException;
    }

    private HeadDeadline() {}

    /**
     * @param timeout the first-byte timeout, or null to run the attempt on the caller's thread with
     *     the client's own timeouts
     * @param abort cancels the attempt in flight (closes its connection), from another thread
     * @param releaseLate releases a head that arrived after the caller gave up on it
     * @throws FirstByteTimeoutException when no head arrived within {@code timeout}
     */
    public static <T> T await(Duration timeout, Attempt<T> attempt, Runnable abort, Consumer<T> releaseLate)
            throws IOException {
        if (timeout == null) {
            return attempt.send();
        }
        CompletableFuture<T> head = new CompletableFuture<>();
        AgentThreads.shared().execute(() -> {
            try {
                head.complete(attempt.send());
            } catch (Throwable failure) {
                head.completeExceptionally(failure);
            }
        });
        try {
            return head.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            abandon(head, abort, releaseLate);
            throw new FirstByteTimeoutException(timeout);
        } catch (InterruptedException e) {
            abandon(head, abort, releaseLate);
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for the response head");
        } catch (ExecutionException e) {
            throw rethrowable(e.getCause());
        }
    }

    private static <T> void abandon(CompletableFuture<T> head, Runnable abort, Consumer<T> releaseLate) {
        try {
            abort.run();
        } finally {
            head.thenAccept(releaseLate);
        }
    }

    private static IOException rethrowable(Throwable cause) {
        if (cause instanceof IOException io) {
            return io;
        }
        if (cause instanceof RuntimeException runtime) {
            throw runtime;
        }
        if (cause instanceof Error error) {
            throw error;
        }
        return new IOException(cause);
    }
}
