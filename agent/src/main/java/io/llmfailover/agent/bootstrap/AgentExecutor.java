package io.llmfailover.agent.bootstrap;

import io.llmfailover.runtime.time.TaskCap;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs agent tasks on threads of one purpose, within the cap all purposes share. A task that finds
 * every slot taken never waits in a line for one (a line behind long streams is a hang) and never
 * runs on a thread that must not block (an event loop: Netty's, a Reactor non-blocking thread, the
 * JDK client's selector):
 * <ul>
 *   <li>{@link #tryStart}, for a governed call's task: declines, counted and logged once, and the
 *       adapter sends the call as the app made it, ungoverned (nothing was sent yet);
 *   <li>{@link #tryExecute}: declines, for a caller that has its own way at the cap (a head waited
 *       for on the caller's thread, a hedge not started), which it counts with {@link #fellBack};
 *   <li>{@link #execute}: runs the task on the thread that hands it over, which is then busy just as
 *       it would be without the agent; on a thread that must not block, starts it past the cap.
 * </ul>
 * Shared by every adapter: it cannot be shut down.
 */
public final class AgentExecutor extends AbstractExecutorService {

    private static final Logger LOG = LoggerFactory.getLogger("io.llmfailover.agent");

    /** Classes and interfaces that mark a thread as one that must not block. */
    private static final List<String> NON_BLOCKING_THREAD_TYPES = List.of(
            "io.netty.util.concurrent.FastThreadLocalThread",
            "reactor.core.scheduler.NonBlocking",
            "jdk.internal.net.http.HttpClientImpl$SelectorManager");

    private final String purpose;
    private final Executor threads;
    private final Slots slots;

    AgentExecutor(String purpose, Executor threads, Slots slots) {
        this.purpose = purpose;
        this.threads = threads;
        this.slots = slots;
    }

    @Override
    public void execute(Runnable task) {
        if (tryExecute(task)) {
            return;
        }
        if (mustNotBlock(Thread.currentThread())) {
            threads.execute(() -> run(task));
            return;
        }
        slots.reportCapReached();
        task.run();
    }

    /** Starts {@code task} on a thread of this purpose, or returns false at the cap. */
    public boolean tryExecute(Runnable task) {
        if (!slots.permits.tryAcquire()) {
            return false;
        }
        try {
            threads.execute(() -> {
                try {
                    run(task);
                } finally {
                    slots.permits.release();
                }
            });
        } catch (RejectedExecutionException | OutOfMemoryError noThread) {
            slots.permits.release();
            throw noThread;
        }
        return true;
    }

    /**
     * Starts a governed call's task, or returns false at the cap: the adapter then sends the call as
     * the app made it, ungoverned, which is counted ({@link TaskCap.Fallback#CALL_UNGOVERNED}) and
     * logged once.
     */
    public boolean tryStart(Runnable call) {
        if (tryExecute(call)) {
            return true;
        }
        fellBack(TaskCap.Fallback.CALL_UNGOVERNED);
        return false;
    }

    /** What a caller did at the cap instead of starting a task: counted, and logged the first time. */
    void fellBack(TaskCap.Fallback fallback) {
        TaskCap.reached(fallback);
        slots.reportFallback(fallback);
    }

    private void run(Runnable task) {
        try {
            task.run();
        } catch (RuntimeException | Error failure) {
            FailureLog.once("agent task (" + purpose + ")", failure);
        } finally {
            Thread.interrupted(); // an abandoned task's interrupt is not the thread's next task's
        }
    }

    static boolean mustNotBlock(Thread thread) {
        for (Class<?> type = thread.getClass(); type != null && type != Thread.class; type = type.getSuperclass()) {
            if (NON_BLOCKING_THREAD_TYPES.contains(type.getName())) {
                return true;
            }
            for (Class<?> implemented : type.getInterfaces()) {
                if (NON_BLOCKING_THREAD_TYPES.contains(implemented.getName())) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The cap shared by every purpose. */
    static final class Slots {
        private final int max;
        private final Semaphore permits;
        private final Set<TaskCap.Fallback> reported = EnumSet.noneOf(TaskCap.Fallback.class);
        private boolean capReported;

        Slots(int max) {
            this.max = max;
            this.permits = new Semaphore(max);
        }

        /** No cap: for work that must go on once a call was sent (a body relayed to the app). */
        static Slots unbounded() {
            return new Slots(Integer.MAX_VALUE);
        }

        synchronized void reportCapReached() {
            if (!capReported) {
                capReported = true;
                LOG.warn("llm-failover: {} agent tasks are running, the cap ({}); until some end, further ones "
                        + "run on the thread that starts them (this is logged once)", max, AgentThreads.MAX_RUNNING_PROPERTY);
            }
        }

        synchronized void reportFallback(TaskCap.Fallback fallback) {
            if (reported.add(fallback)) {
                LOG.warn("llm-failover: {} agent tasks are running, the cap ({}); {} (counted on the status page "
                        + "and in JMX; this is logged once)", max, AgentThreads.MAX_RUNNING_PROPERTY, whatHappens(fallback));
            }
        }

        private static String whatHappens(TaskCap.Fallback fallback) {
            return switch (fallback) {
                case CALL_UNGOVERNED -> "a call that finds no free slot is sent as the app made it, ungoverned";
                case HEAD_ON_CALLER_THREAD -> "a response head is waited for on the caller's thread, its deadline kept by the timer";
                case HEDGE_NOT_STARTED -> "a call that would hedge waits for its first attempt alone";
            };
        }
    }

    /** The shared executor lives as long as the JVM: shutting it down is ignored. */
    @Override
    public void shutdown() {
        // shared by every adapter
    }

    @Override
    public List<Runnable> shutdownNow() {
        return List.of();
    }

    @Override
    public boolean isShutdown() {
        return false;
    }

    @Override
    public boolean isTerminated() {
        return false;
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) {
        return false;
    }
}
