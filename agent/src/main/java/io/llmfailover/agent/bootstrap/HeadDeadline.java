package io.llmfailover.agent.bootstrap;

import io.llmfailover.runtime.contract.CallAbandonedException;
import io.llmfailover.runtime.contract.HeadDeadlineException;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.time.Scheduler;
import io.llmfailover.runtime.time.TaskCap;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * Bounds the wait for a blocking client's response head by the agent's head deadline. A blocking
 * client offers no deadline for the head alone (its read timeout also governs the body, where a
 * stream may pause for long), so the attempt runs on an agent thread ({@code llm-failover-head-N})
 * while the caller waits with the deadline. The attempt thread is marked as the caller's is
 * ({@link AttemptGuard}), so that adapters under it leave the attempt alone. On expiry the attempt
 * is aborted (its connection closed, its thread interrupted), never drained, and a head that
 * arrives late is released the same way.
 *
 * <p>When every agent task slot is taken ({@link AgentExecutor}), the attempt is sent on the caller's
 * own thread, and the runtime's timer ({@code llm-failover-deadlines}) keeps the deadline: at it, the
 * attempt is aborted, which ends the caller's wait as the deadline would. The deadline never depends
 * on a free task slot.
 */
public final class HeadDeadline {

    /** One blocking attempt: returns once the response head is in. */
    @FunctionalInterface
    public interface Attempt<T> {
        T send() throws IOException;
    }

    /** Who decided a head waited for on the caller's thread: nobody yet, its head (or failure), or the deadline. */
    private static final int WAITING = 0;
    private static final int ANSWERED = 1;
    private static final int EXPIRED = 2;

    /** The longest an agent thread may take to start sending before the deadline runs all the same. */
    private static final long THREAD_START_LIMIT_NANOS = TimeUnit.SECONDS.toNanos(10);

    private HeadDeadline() {}

    /** As {@link #await(Duration, Attempt, Runnable, Consumer)}, a late head being {@linkplain LlmResponse#abort() aborted}. */
    public static <T extends LlmResponse> T await(Duration timeout, Attempt<T> attempt, Runnable abort) throws IOException {
        return await(timeout, attempt, abort, LlmResponse::abort);
    }

    /**
     * @param timeout the head deadline, or null to run the attempt on the caller's thread with
     *     the client's own timeouts
     * @param abort cancels the attempt in flight (closes its connection), from another thread,
     *     without blocking
     * @param abortLate releases a head that arrived after the caller gave up on it, without
     *     reading what is left of it
     * @throws HeadDeadlineException when no head arrived within {@code timeout}
     * @throws CallAbandonedException when the caller was interrupted while waiting (its interrupt
     *     is kept)
     */
    public static <T> T await(Duration timeout, Attempt<T> attempt, Runnable abort, Consumer<T> abortLate)
            throws IOException {
        return await(AgentThreads.of("head"), Scheduler.SYSTEM, timeout, attempt, abort, abortLate);
    }

    /** As {@link #await(Duration, Attempt, Runnable, Consumer)}, on these threads, with this timer at the cap. */
    static <T> T await(AgentExecutor heads, Scheduler timer, Duration timeout, Attempt<T> attempt, Runnable abort,
            Consumer<T> abortLate) throws IOException {
        if (timeout == null) {
            return attempt.send();
        }
        WaitedAttempt<T> head = new WaitedAttempt<>(attempt, AttemptGuard.active(), abortLate);
        if (!heads.tryExecute(head)) {
            heads.fellBack(TaskCap.Fallback.HEAD_ON_CALLER_THREAD);
            return onThisThread(timeout, attempt, abort, abortLate, timer);
        }
        try {
            head.awaitSending();
            return head.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            head.abandon(abort);
            HeadDeadlineException expired = new HeadDeadlineException(timeout);
            expired.initCause(e);
            throw expired;
        } catch (InterruptedException e) {
            head.abandon(abort);
            Thread.currentThread().interrupt();
            throw new CallAbandonedException(new InterruptedIOException("interrupted while waiting for the response head"));
        } catch (ExecutionException e) {
            throw rethrowable(e.getCause());
        }
    }

    /**
     * As {@link #await(Duration, Attempt, Runnable, Consumer)}, for a client that tells by itself
     * when a failure means the app gave up (it cancelled, or its own timeout expired): such a
     * failure becomes {@link CallAbandonedException}; the agent's own deadline stays a failover.
     */
    public static <T> T await(Duration timeout, Attempt<T> attempt, Runnable abort, Consumer<T> abortLate,
            Predicate<IOException> appGaveUp) throws IOException {
        try {
            return await(timeout, attempt, abort, abortLate);
        } catch (HeadDeadlineException | CallAbandonedException decided) {
            throw decided;
        } catch (IOException e) {
            throw appGaveUp.test(e) ? new CallAbandonedException(e) : e;
        }
    }

    /**
     * Sends the attempt on the caller's thread, the timer aborting it at the deadline: whichever of
     * the head and the deadline comes first decides, once; a head that lost is released.
     */
    private static <T> T onThisThread(Duration timeout, Attempt<T> attempt, Runnable abort, Consumer<T> abortLate,
            Scheduler timer) throws IOException {
        AtomicInteger race = new AtomicInteger(WAITING);
        Scheduler.Cancellable deadline = timer.schedule(timeout.toNanos(), () -> {
            if (race.compareAndSet(WAITING, EXPIRED)) {
                abort.run();
            }
        });
        T head;
        try {
            head = attempt.send();
        } catch (IOException | RuntimeException failed) {
            if (race.compareAndSet(WAITING, ANSWERED)) {
                throw failed;
            }
            throw expired(timeout, failed);
        } finally {
            deadline.cancel();
        }
        if (race.compareAndSet(WAITING, ANSWERED)) {
            return head;
        }
        abortLate.accept(head);
        throw expired(timeout, null);
    }

    private static HeadDeadlineException expired(Duration timeout, Throwable cause) {
        HeadDeadlineException expired = new HeadDeadlineException(timeout);
        if (cause != null) {
            expired.initCause(cause);
        }
        return expired;
    }

    /**
     * The wait for one head, sent on an agent thread marked like the caller's. The deadline runs
     * from when that thread sends, not from when it was asked to: a thread the agent starts, on a
     * busy machine or the JVM's first call, is the agent's time, not the provider's.
     */
    private static final class WaitedAttempt<T> extends FutureTask<T> {

        private final Consumer<T> abortLate;
        private final CountDownLatch sending;

        WaitedAttempt(Attempt<T> attempt, boolean guarded, Consumer<T> abortLate) {
            this(attempt, guarded, abortLate, new CountDownLatch(1));
        }

        private WaitedAttempt(Attempt<T> attempt, boolean guarded, Consumer<T> abortLate, CountDownLatch sending) {
            super(() -> {
                sending.countDown();
                try (AttemptGuard.Scope attemptsAreOurs = guarded ? AttemptGuard.enter() : null) {
                    return attempt.send();
                }
            });
            this.abortLate = abortLate;
            this.sending = sending;
        }

        /** Returns once the attempt is being sent; at most {@link #THREAD_START_LIMIT_NANOS} later. */
        void awaitSending() throws InterruptedException {
            sending.await(THREAD_START_LIMIT_NANOS, TimeUnit.NANOSECONDS);
        }

        @Override
        protected void set(T head) {
            super.set(head);
            if (isCancelled()) {
                abortLate.accept(head);
            }
        }

        /** Aborts the attempt and interrupts its thread; a head that won the race is aborted too. */
        void abandon(Runnable abort) {
            try {
                abort.run();
            } finally {
                if (!cancel(true)) {
                    try {
                        abortLate.accept(get());
                    } catch (ExecutionException | InterruptedException | RuntimeException noHead) {
                        // nothing to release
                    }
                }
            }
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
