package io.llmfailover.runtime.time;

import java.io.InterruptedIOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * How a call waits on the caller's thread: on a future, for at most a time on the runtime's clock
 * (its timer completes the wait, so a test moves virtual time instead of sleeping). The app's
 * interrupt ends the wait and cancels the call, the interrupt flag kept.
 */
public final class Waiting {

    private Waiting() {}

    /** Waits for {@code future}, or {@code nanos} at most, whichever comes first. */
    public static void atMost(CompletableFuture<?> future, long nanos, Scheduler scheduler) throws InterruptedIOException {
        CompletableFuture<Void> due = new CompletableFuture<>();
        Scheduler.Cancellable timer = scheduler.schedule(nanos, () -> due.complete(null));
        try {
            until(CompletableFuture.anyOf(future, due));
        } finally {
            timer.cancel();
        }
    }

    /** Waits {@code nanos}. */
    public static void pause(long nanos, Scheduler scheduler) throws InterruptedIOException {
        atMost(new CompletableFuture<Void>(), nanos, scheduler);
    }

    public static void until(CompletableFuture<?> future) throws InterruptedIOException {
        try {
            future.get();
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("llm-failover: the call was cancelled while it waited");
        } catch (ExecutionException impossible) {
            throw new IllegalStateException(impossible.getCause());
        }
    }
}
