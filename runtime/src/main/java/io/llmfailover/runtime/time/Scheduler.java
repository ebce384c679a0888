package io.llmfailover.runtime.time;

import io.llmfailover.runtime.AgentThread;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Runs an action after a delay, on the runtime's own timer thread: how a deadline interrupts a
 * read that is blocked on the calling thread. Tests use {@link ManualScheduler}.
 */
public interface Scheduler {

    /** @return cancels the action if it has not run yet */
    Cancellable schedule(long delayNanos, Runnable action);

    interface Cancellable {
        void cancel();
    }

    /** One daemon timer thread for the whole agent, started on first use. */
    Scheduler SYSTEM = new Scheduler() {
        @Override
        public Cancellable schedule(long delayNanos, Runnable action) {
            ScheduledFuture<?> future = Timer.INSTANCE.schedule(action, delayNanos, TimeUnit.NANOSECONDS);
            return () -> future.cancel(false);
        }
    };

    /** Holder idiom: the thread exists only once a deadline is first needed. */
    final class Timer {
        static final ScheduledExecutorService INSTANCE = create();

        private Timer() {}

        private static ScheduledExecutorService create() {
            ScheduledThreadPoolExecutor timer =
                    new ScheduledThreadPoolExecutor(1, runnable -> AgentThread.daemon("llm-failover-deadlines", runnable));
            // Nearly every deadline is cancelled (the answer came in time): it must leave the queue then,
            // not a minute later when it would have fired, holding on to its response all that time.
            timer.setRemoveOnCancelPolicy(true);
            return timer;
        }
    }
}
