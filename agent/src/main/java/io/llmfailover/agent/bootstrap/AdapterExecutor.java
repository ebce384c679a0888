package io.llmfailover.agent.bootstrap;

import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Where adapters run work off the app's threads (governed async calls, response body pumps,
 * attempts waited on with a first-byte deadline): virtual threads where the JVM has them (21+),
 * so a waiting call never holds a platform thread; small daemon threads otherwise.
 */
public final class AdapterExecutor {

    private static final Executor SHARED = create();

    private AdapterExecutor() {}

    public static Executor shared() {
        return SHARED;
    }

    private static Executor create() {
        try {
            return (ExecutorService) Executors.class.getMethod("newVirtualThreadPerTaskExecutor").invoke(null);
        } catch (ReflectiveOperationException | RuntimeException beforeJdk21) {
            AtomicInteger count = new AtomicInteger();
            return Executors.newCachedThreadPool(task -> {
                Thread thread = new Thread(task, "llm-failover-http-" + count.incrementAndGet());
                thread.setDaemon(true);
                return thread;
            });
        }
    }
}
