package io.llmfailover.agent.jdkhttp;

import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Where governed {@code sendAsync} calls and response body pumps run, off the app's threads:
 * virtual threads where the JVM has them (21+), small daemon threads otherwise.
 */
final class AdapterExecutor {

    private static final Executor SHARED = create();

    private AdapterExecutor() {}

    static Executor shared() {
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
