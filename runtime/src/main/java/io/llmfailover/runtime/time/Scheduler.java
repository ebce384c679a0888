package io.llmfailover.runtime.time;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Runs an action after a delay, on one of the runtime's own timer threads: how a deadline interrupts
 * a read that is blocked on the calling thread. Tests use {@link ManualScheduler}.
 */
public interface Scheduler {

    /** @return cancels the action if it has not run yet */
    Cancellable schedule(long delayNanos, Runnable action);

    interface Cancellable {
        void cancel();
    }

    /** The deadlines of calls: one daemon timer thread for the whole agent, started on first use. */
    Scheduler SYSTEM = (delayNanos, action) -> cancellable(Deadlines.TIMER.schedule(action, delayNanos, TimeUnit.NANOSECONDS));

    /**
     * The operator's chores (looking at the config file, the status page, drill reminders), on a
     * daemon thread of their own: a file read that hangs or a log that blocks never holds up a deadline.
     */
    Scheduler OPERATING = (delayNanos, action) -> cancellable(Operating.TIMER.schedule(action, delayNanos, TimeUnit.NANOSECONDS));

    /**
     * Resolving and renewing cloud credentials (AWS, Google), on a daemon thread of their own: a
     * metadata server that is slow to answer holds up neither a call nor the operator's chores.
     */
    Scheduler CREDENTIALS = (delayNanos, action) -> cancellable(CredentialRenewals.TIMER.schedule(action, delayNanos, TimeUnit.NANOSECONDS));

    /**
     * Starts the deadlines' timer thread now: a call's first deadline then never waits for the thread
     * that keeps it to start (the engine starts it as it is built, before the app's first call).
     */
    static void startDeadlineTimer() {
        Deadlines.TIMER.prestartCoreThread();
    }

    private static Cancellable cancellable(ScheduledFuture<?> future) {
        return () -> future.cancel(false);
    }

    /** One daemon thread named {@code name}, whose cancelled actions leave its queue at once. */
    private static ScheduledThreadPoolExecutor timerThread(String name) {
        ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, runnable -> AgentThread.daemon(name, runnable));
        // Nearly every deadline is cancelled (the answer came in time): it must leave the queue then,
        // not a minute later when it would have fired, holding on to its response all that time.
        timer.setRemoveOnCancelPolicy(true);
        return timer;
    }

    /** Holder idiom: the thread exists only once a deadline is first needed. */
    final class Deadlines {
        static final ScheduledThreadPoolExecutor TIMER = timerThread("llm-failover-deadlines");

        private Deadlines() {}
    }

    /** Holder idiom: the thread exists only once a cloud identity is configured. */
    final class CredentialRenewals {
        static final ScheduledExecutorService TIMER = timerThread("llm-failover-credentials");

        private CredentialRenewals() {}
    }

    /** Holder idiom: the thread exists only once a chore is first scheduled. */
    final class Operating {
        static final ScheduledExecutorService TIMER = timerThread("llm-failover-operating");

        private Operating() {}
    }
}
