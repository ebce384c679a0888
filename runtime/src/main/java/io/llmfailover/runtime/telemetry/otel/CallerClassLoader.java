package io.llmfailover.runtime.telemetry.otel;

import io.opentelemetry.api.trace.SpanContext;

/**
 * The class loader of the app's code making the current call (its HTTP client's loader), told by
 * the agent's adapter for the duration of a call, so that {@link AppTraceContext} finds the app's
 * own OpenTelemetry. Without it, the thread's context class loader is used. A call the adapter
 * runs on another thread than the app's ({@code sendAsync}) carries the app's span with it, read on
 * the app's thread by {@link #capture}.
 */
public final class CallerClassLoader {

    private static final ThreadLocal<Captured> CURRENT = new ThreadLocal<>();

    private CallerClassLoader() {}

    /** Sets the loader until the returned scope is closed (use try-with-resources). */
    public static Scope use(ClassLoader loader) {
        return new Captured(loader, null).use();
    }

    /**
     * On the app's thread: the loader and the app's current span, for a call that will run on
     * another thread. Never throws; cheap when the app runs no OpenTelemetry.
     */
    public static Captured capture(ClassLoader loader) {
        ClassLoader app = loader != null ? loader : current();
        return new Captured(app, AppTraceContext.shared().current(app));
    }

    /** The adapter's loader, else the thread's context loader, else the system loader. */
    public static ClassLoader current() {
        Captured told = CURRENT.get();
        if (told != null && told.loader != null) {
            return told.loader;
        }
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return context != null ? context : ClassLoader.getSystemClassLoader();
    }

    /** The app's span captured on its own thread for the call running here, or null. */
    static SpanContext capturedParent() {
        Captured told = CURRENT.get();
        return told == null ? null : told.parent;
    }

    /** A loader, and maybe the app's span read where the call was made. */
    public static final class Captured {
        private final ClassLoader loader;
        private final SpanContext parent;

        private Captured(ClassLoader loader, SpanContext parent) {
            this.loader = loader;
            this.parent = parent;
        }

        /** Makes this the caller of calls on this thread until the scope is closed. */
        public Scope use() {
            Captured previous = CURRENT.get();
            CURRENT.set(this);
            return () -> CURRENT.set(previous); // null rather than remove(): the next call reuses the entry
        }
    }

    /** Restores the previous caller. */
    public interface Scope extends AutoCloseable {
        @Override
        void close();
    }
}
