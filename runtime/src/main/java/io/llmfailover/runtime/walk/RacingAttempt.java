package io.llmfailover.runtime.walk;

import io.llmfailover.runtime.contract.LlmResponse;
import java.io.InterruptedIOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * An attempt whose {@link Exchange} runs on a thread of the transport's own while the caller waits
 * for it and, past {@code hedge.after}, for a hedge beside it. Cancelling it interrupts its thread
 * (the transport then aborts the exchange) and aborts a head already in, so the loser of a race
 * releases its connection at once; an interrupt never outlives the attempt on its thread.
 */
final class RacingAttempt {

    final StartedAttempt started;
    private final CompletableFuture<Exchange> done = new CompletableFuture<>();
    /** Completed as its thread hands the attempt to the transport (or ends it unsent). */
    private final CompletableFuture<Void> sending = new CompletableFuture<>();
    private volatile LlmResponse head;
    /** Guarded by this, like {@code sender}: an interrupt reaches the sender only while it runs this attempt. */
    private boolean cancelled;
    private Thread sender;

    RacingAttempt(StartedAttempt started) {
        this.started = started;
    }

    /**
     * Starts the exchange on one of {@code threads}.
     *
     * @param exchange the attempt's I/O, given where to report its head
     * @return false when no thread was free: nothing was sent
     */
    boolean start(Executor threads, Function<Consumer<LlmResponse>, Exchange> exchange) {
        try {
            threads.execute(() -> run(exchange));
            return true;
        } catch (RejectedExecutionException busy) {
            return false;
        }
    }

    CompletableFuture<Exchange> done() {
        return done;
    }

    /**
     * Completes when the attempt's thread hands it to the transport, or the attempt ended unsent:
     * what {@code hedge.after} counts from, so that the thread's start is not the provider's time.
     */
    CompletableFuture<Void> sending() {
        return sending;
    }

    /** Stops the attempt wherever it is; its exchange, whenever it completes, holds nothing. */
    void cancel() {
        synchronized (this) {
            cancelled = true;
            if (sender != null) {
                sender.interrupt();
            }
        }
        LlmResponse arrived = head;
        if (arrived != null) {
            arrived.abort();
        }
    }

    private void run(Function<Consumer<LlmResponse>, Exchange> exchange) {
        synchronized (this) {
            if (cancelled) {
                done.complete(new Exchange(null, null, new InterruptedIOException("hedge lost"), null));
                sending.complete(null);
                return;
            }
            sender = Thread.currentThread();
        }
        sending.complete(null);
        Exchange result;
        try {
            result = exchange.apply(this::headArrived);
        } catch (RuntimeException | Error internal) {
            result = new Exchange(head, null, null, internal);
        } finally {
            synchronized (this) {
                sender = null;
                Thread.interrupted(); // this attempt's cancellation is not the next task's
            }
        }
        done.complete(result);
        if (isCancelled()) {
            result.abandon();
        }
    }

    private void headArrived(LlmResponse response) {
        head = response;
        if (isCancelled()) {
            response.abort();
        }
    }

    private synchronized boolean isCancelled() {
        return cancelled;
    }
}
