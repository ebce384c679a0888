package io.llmfailover.agent.lifecycle;

import io.llmfailover.runtime.contract.CallAbandonedException;
import io.llmfailover.runtime.contract.HeadDeadlineException;
import io.llmfailover.runtime.contract.RequestWritten;
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
public final class HeadDeadlineWait {

    private HeadDeadlineWait() {}

    /**
     * @param deadline the agent's deadline, or null for none
     * @param release releases a head nobody will read
     * @throws CallAbandonedException the app cancelled, or its own timeout expired
     * @throws HeadDeadlineException no head within {@code deadline}
     * @throws IOException the client's failure ({@link TransportFailure} when it is no IOException)
     */
    public static <T> T await(CompletableFuture<T> head, Duration deadline, AppWait app, Consumer<T> release)
            throws IOException {
        return await(head, deadline, null, app, release);
    }

    /**
     * As {@link #await(CompletableFuture, Duration, AppWait, Consumer)}, for a transport that reports
     * when its client begins writing the request ({@code written}): the deadline counts from the
     * later of this call and that report, so what the client does to set itself up and connect on
     * its first request is not the provider's wait. A request not written within the deadline gets
     * as long again to be written, never more: in all, the wait for the head lasts at most twice the
     * deadline from this call, so a provider that takes no connection (a dropped SYN) is still left
     * in bounded time. Null {@code written}: the deadline counts from this call.
     */
    public static <T> T await(CompletableFuture<T> head, Duration deadline, RequestWritten written, AppWait app,
            Consumer<T> release) throws IOException {
        app.onAbandon(() -> head.cancel(true));
        try {
            return deadline == null ? head.get() : within(head, deadline.toNanos(), written);
        } catch (TimeoutException e) {
            abandon(head, release);
            HeadDeadlineException timeout = new HeadDeadlineException(deadline);
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

    private static <T> T within(CompletableFuture<T> head, long deadlineNanos, RequestWritten written)
            throws InterruptedException, ExecutionException, TimeoutException {
        long handedOver = written == null ? 0 : written.clock().nanoTime();
        try {
            return head.get(deadlineNanos, TimeUnit.NANOSECONDS); // the hand-off's count, never later than the write's
        } catch (TimeoutException late) {
            if (written == null) {
                throw late;
            }
        }
        long outerBound = handedOver + 2 * Math.min(deadlineNanos, Long.MAX_VALUE / 4);
        if (written.nanos().isEmpty() && !head.isDone()) {
            try {
                CompletableFuture.anyOf(head, written.reported()).get(remaining(written, outerBound), TimeUnit.NANOSECONDS);
            } catch (ExecutionException headFailed) {
                // read below
            }
        }
        if (head.isDone()) {
            return head.get(); // throws what the head failed with, or that it was cancelled
        }
        long fromTheWrite = deadlineNanos - (written.clock().nanoTime() - written.nanos().getAsLong());
        long left = Math.min(fromTheWrite, remaining(written, outerBound));
        if (left <= 0) {
            throw new TimeoutException();
        }
        return head.get(left, TimeUnit.NANOSECONDS);
    }

    private static long remaining(RequestWritten written, long outerBound) {
        return Math.max(0, outerBound - written.clock().nanoTime());
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
