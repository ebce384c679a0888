package io.llmfailover.e2e.apps;

import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** Which threads an app makes its concurrent calls on. Virtual threads need JDK 21+, reached by reflection (compiled for 17). */
enum ThreadKind {
    PLATFORM,
    VIRTUAL;

    static ThreadKind parse(String text) {
        return valueOf(text.toUpperCase(Locale.ROOT));
    }

    /** An executor that runs up to {@code tasks} tasks at once, each on a thread of this kind. */
    ExecutorService executorFor(int tasks) throws ReflectiveOperationException {
        if (this == PLATFORM) {
            return Executors.newFixedThreadPool(tasks);
        }
        return (ExecutorService) Executors.class.getMethod("newVirtualThreadPerTaskExecutor").invoke(null);
    }
}
