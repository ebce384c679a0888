package io.llmfailover.runtime.telemetry.otel;

/**
 * The class loader of the app's code making the current call (its HTTP client's loader), told by
 * the agent's adapter for the duration of a call, so that {@link AppTraceContext} finds the app's
 * own OpenTelemetry. Without it, the thread's context class loader is used.
 */
public final class CallerClassLoader {

    private static final ThreadLocal<ClassLoader> CURRENT = new ThreadLocal<>();

    private CallerClassLoader() {}

    /** Sets the loader until the returned scope is closed (use try-with-resources). */
    public static Scope use(ClassLoader loader) {
        ClassLoader previous = CURRENT.get();
        CURRENT.set(loader);
        return () -> {
            if (previous == null) {
                CURRENT.remove();
            } else {
                CURRENT.set(previous);
            }
        };
    }

    /** The adapter's loader, else the thread's context loader, else the system loader. */
    public static ClassLoader current() {
        ClassLoader told = CURRENT.get();
        if (told != null) {
            return told;
        }
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return context != null ? context : ClassLoader.getSystemClassLoader();
    }

    /** Restores the previous loader. */
    public interface Scope extends AutoCloseable {
        @Override
        void close();
    }
}
