package io.llmfailover.agent.bootstrap;

import java.util.List;
import java.util.Queue;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs agent tasks on threads of one purpose, within the cap all purposes share. At the cap,
 * {@link #execute} runs the task on the thread that hands it over, which is then busy just as it
 * would be without the agent; except on a thread that must never block (an event loop: Netty's, a
 * Reactor non-blocking thread, the JDK client's selector), whose tasks wait in line and start, in
 * order, as running ones end. Such a queued task is started by the end of any running task, none of
 * which waits for it, so the line always moves. {@link #tryExecute} lets a caller that has a better
 * way at the cap (send the call ungoverned) take it. Shared by every adapter: it cannot be shut down.
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
            slots.waitInLine(this, task);
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
        startHolding(task);
        return true;
    }

    /** Starts {@code task} on a new thread that holds a slot already taken. */
    private void startHolding(Runnable task) {
        try {
            threads.execute(() -> runThenNext(task));
        } catch (RejectedExecutionException | OutOfMemoryError noThread) {
            slots.release();
            throw noThread;
        }
    }

    /** Runs the task, then, on the same slot, those waiting in line. */
    private void runThenNext(Runnable first) {
        Runnable task = first;
        while (task != null) {
            try {
                task.run();
            } catch (RuntimeException | Error failure) {
                FailureLog.once("agent task (" + purpose + ")", failure);
            } finally {
                Thread.interrupted(); // an abandoned task's interrupt is not the next one's
            }
            Waiting next = slots.nextOrRelease();
            if (next == null) {
                return;
            }
            if (next.executor() != this) {
                next.executor().startHolding(next.task());
                return;
            }
            task = next.task();
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

    /** The cap shared by every purpose, and the line of tasks from threads that must not block. */
    static final class Slots {
        private final int max;
        private final Semaphore permits;
        private final Queue<Waiting> line = new ConcurrentLinkedQueue<>();
        private final AtomicBoolean capReported = new AtomicBoolean();

        Slots(int max) {
            this.max = max;
            this.permits = new Semaphore(max);
        }

        void waitInLine(AgentExecutor executor, Runnable task) {
            line.add(new Waiting(executor, task));
            // A slot may have been freed while the task was being added.
            if (permits.tryAcquire()) {
                Waiting next = line.poll();
                if (next == null) {
                    release();
                } else {
                    next.executor().startHolding(next.task());
                }
            }
        }

        /** The next task in line, which takes over the caller's slot, or null once the slot is released. */
        Waiting nextOrRelease() {
            Waiting next = line.poll();
            if (next != null) {
                return next;
            }
            release();
            // A task queued between the poll and the release would otherwise wait for the next task to end.
            if (!line.isEmpty() && permits.tryAcquire()) {
                next = line.poll();
                if (next == null) {
                    release();
                }
            }
            return next;
        }

        void release() {
            permits.release();
        }

        void reportCapReached() {
            if (capReported.compareAndSet(false, true)) {
                LOG.warn("llm-failover: {} agent tasks are running, the cap ({}); until some end, further ones "
                        + "run on the thread that starts them (this is logged once)", max, AgentThreads.MAX_RUNNING_PROPERTY);
            }
        }
    }

    record Waiting(AgentExecutor executor, Runnable task) {}

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
