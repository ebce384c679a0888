package io.llmfailover.agent.bootstrap;

import io.llmfailover.runtime.time.AgentThread;
import io.llmfailover.runtime.time.TaskCap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where adapters run work off the app's own threads: a governed async call, a response body pump,
 * a head the agent times out, a reactive client's blocking step. Threads are named
 * {@code llm-failover-<purpose>-N}; they are virtual where the JVM has them (21+), so a wait pins
 * no carrier, and daemon platform threads otherwise.
 *
 * <p>At most {@code llm.failover.agent.max-threads} tasks (a system property, default
 * {@value #DEFAULT_MAX_RUNNING}) run at once, whatever their purpose, so that a flood of calls
 * cannot start a thread each: what a task does at the cap is {@link AgentExecutor}'s to say (a call
 * goes out ungoverned, never waits in a line). A body relayed to the app ({@link #relays}) is not
 * counted: its request was sent, the app holds its response open and reads it, so it must never
 * wait for a slot; and it must not take one from new calls for as long as a stream lasts.
 */
public final class AgentThreads {

    static final String MAX_RUNNING_PROPERTY = "llm.failover.agent.max-threads";
    static final int DEFAULT_MAX_RUNNING = 1024;

    private static final Logger LOG = LoggerFactory.getLogger("io.llmfailover.agent");
    private static final AgentExecutor.Slots SLOTS = new AgentExecutor.Slots(maxRunning());
    private static final ConcurrentMap<String, AgentExecutor> BY_PURPOSE = new ConcurrentHashMap<>();
    private static final AgentExecutor RELAYS =
            new AgentExecutor("relay", threadsNamed("llm-failover-relay-"), AgentExecutor.Slots.unbounded());
    private static final ThreadLocal<Boolean> SENDING_CONCURRENTLY = new ThreadLocal<>();
    private static final Executor CONCURRENT_SENDS = task -> {
        AgentExecutor hedges = of("hedge");
        if (!hedges.tryExecute(() -> sendingConcurrently(task))) {
            hedges.fellBack(TaskCap.Fallback.HEDGE_NOT_STARTED);
            throw new RejectedExecutionException("llm-failover: every agent thread is busy; the call is not hedged");
        }
    };

    private AgentThreads() {}

    /** Agent work of no more specific purpose: threads {@code llm-failover-worker-N}. */
    public static AgentExecutor shared() {
        return of("worker");
    }

    /**
     * The threads that relay a body to the app once its call was sent ({@code llm-failover-relay-N}):
     * a reactive client's reads, a body pump, a close that may drain. Outside the cap, so that a
     * stream the app is reading never waits for a slot, and streams never keep new calls from one.
     * As many run as the app holds responses open.
     */
    public static AgentExecutor relays() {
        return RELAYS;
    }

    /**
     * The threads of a hedged call's attempts, {@code llm-failover-hedge-N}: at the cap a task is
     * refused ({@link RejectedExecutionException}), counted and logged once, never run on the
     * thread that hands it over, which is waiting for the race.
     */
    public static Executor concurrentSends() {
        return CONCURRENT_SENDS;
    }

    /** Whether this thread sends one of the attempts of a hedged call, which another attempt of the same call may race. */
    public static boolean isSendingConcurrently() {
        return SENDING_CONCURRENTLY.get() != null;
    }

    private static void sendingConcurrently(Runnable attempt) {
        SENDING_CONCURRENTLY.set(Boolean.TRUE);
        try {
            attempt.run();
        } finally {
            SENDING_CONCURRENTLY.remove();
        }
    }

    /**
     * Starts a governed call's task on {@code threads}, or returns false when every agent task slot
     * is taken ({@link AgentExecutor#tryStart}): the adapter then sends the call as the app made it.
     * Any other executor (a test's) always starts it.
     */
    public static boolean tryStart(Executor threads, Runnable call) {
        if (threads instanceof AgentExecutor agent) {
            return agent.tryStart(call);
        }
        threads.execute(call);
        return true;
    }

    /** The executor whose threads are named {@code llm-failover-<purpose>-N}; all share one cap. */
    public static AgentExecutor of(String purpose) {
        return BY_PURPOSE.computeIfAbsent(purpose, name -> new AgentExecutor(name, threadsNamed("llm-failover-" + name + "-"), SLOTS));
    }

    /** A new thread per task on JDK 21+ (virtual), else a pool of daemon threads that idle out after a minute. */
    static Executor threadsNamed(String prefix) {
        ThreadFactory virtual = virtualThreadsNamed(prefix);
        if (virtual != null) {
            return task -> virtual.newThread(task).start();
        }
        AtomicLong count = new AtomicLong();
        return new ThreadPoolExecutor(0, Integer.MAX_VALUE, 60, TimeUnit.SECONDS, new SynchronousQueue<>(),
                task -> AgentThread.daemon(prefix + count.getAndIncrement(), task));
    }

    /** {@code Thread.ofVirtual().name(prefix, 0).factory()}, read reflectively: the agent is built for JDK 17. */
    private static ThreadFactory virtualThreadsNamed(String prefix) {
        try {
            Object builder = Thread.class.getMethod("ofVirtual").invoke(null);
            Class<?> ofVirtual = Class.forName("java.lang.Thread$Builder$OfVirtual");
            builder = ofVirtual.getMethod("name", String.class, long.class).invoke(builder, prefix, 0L);
            return (ThreadFactory) ofVirtual.getMethod("factory").invoke(builder);
        } catch (ReflectiveOperationException | RuntimeException beforeJdk21) {
            return null;
        }
    }

    private static int maxRunning() {
        String configured = System.getProperty(MAX_RUNNING_PROPERTY);
        if (configured == null || configured.isBlank()) {
            return DEFAULT_MAX_RUNNING;
        }
        try {
            int max = Integer.parseInt(configured.trim());
            if (max > 0) {
                return max;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        LOG.warn("llm-failover: system property {} = '{}' is not a positive whole number; using {}",
                MAX_RUNNING_PROPERTY, configured, DEFAULT_MAX_RUNNING);
        return DEFAULT_MAX_RUNNING;
    }
}
