package io.llmfailover.agent.bootstrap;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Where adapters run work off the app's own threads (a reactive client's event loop, a governed
 * async call, a response body pump, a head the agent times out): virtual threads where the JVM has them (21+), so a wait pins no
 * carrier; small daemon threads otherwise. Unbounded on purpose: a long stream holds its thread.
 */
public final class AgentThreads {

    private static final ExecutorService SHARED = create();

    private AgentThreads() {}

    public static ExecutorService shared() {
        return SHARED;
    }

    private static ExecutorService create() {
        try {
            return (ExecutorService) Executors.class.getMethod("newVirtualThreadPerTaskExecutor").invoke(null);
        } catch (ReflectiveOperationException | RuntimeException beforeJdk21) {
            AtomicInteger count = new AtomicInteger();
            return Executors.newCachedThreadPool(task -> {
                Thread thread = new Thread(task, "llm-failover-wait-" + count.incrementAndGet());
                thread.setDaemon(true);
                return thread;
            });
        }
    }
}
