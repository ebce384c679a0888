package io.llmfailover.runtime.faults;

import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A fault injected inside the agent, for the end-to-end fail-open tests only (e2e's
 * {@code FailOpenTest}): they start an app's JVM with {@code -Dllm-failover.test.inject-fault=<value>}
 * and check that its calls go on as if the agent were absent, each sent exactly once. Nothing else
 * sets that property, and no user-facing documentation names it.
 *
 * <p>The property is read once, when this class loads. Unset, every call site costs one read of a
 * {@code static final boolean} that is false, which the JIT folds away. Set, the named fault fires
 * at its one call site, announcing itself once on stderr ({@code llm-failover: injected fault
 * 'buffering' fired}) so that a test can tell a fault that fired from one that was never reached.
 */
public enum InjectedFault {

    /** Every attempt's planning (translation) throws, the addressed provider's included. */
    TRANSLATOR("translator", false),
    /** A fallback attempt's planning throws; the addressed provider's does not. */
    FALLBACK_TRANSLATOR("translator-fallback", false),
    /** The telemetry observer throws as a call starts. */
    TELEMETRY("telemetry", false),
    /** The span exporter blocks forever, deaf to interrupts, like a hung collector connection. */
    EXPORTER_BLOCK("exporter-block", false),
    /** Copying a governed call's request body fails as if the heap ran out. */
    BUFFERING("buffering", true);

    /** The system property that names the fault, read once. */
    public static final String PROPERTY = "llm-failover.test.inject-fault";

    private static final InjectedFault ACTIVE = fromProperty();
    /** The fast path: false, and every check a no-op, unless {@link #PROPERTY} is set. */
    private static final boolean ANY = ACTIVE != null;

    private final String value;
    private final boolean asError;
    private final AtomicBoolean announced = new AtomicBoolean();

    InjectedFault(String value, boolean asError) {
        this.value = value;
        this.asError = asError;
    }

    /** Throws this fault if it is the injected one: an {@link OutOfMemoryError} for buffering, else a RuntimeException. */
    public void maybeThrow() {
        if (ANY && ACTIVE == this) {
            announce();
            String message = "llm-failover: injected fault '" + value + "' (" + PROPERTY + ", for tests only)";
            if (asError) {
                throw new OutOfMemoryError(message);
            }
            throw new IllegalStateException(message);
        }
    }

    /** The translator's fault, for an attempt to the provider the app addressed or to a fallback. */
    public static void maybeThrowTranslating(boolean addressed) {
        if (ANY) {
            TRANSLATOR.maybeThrow();
            if (!addressed) {
                FALLBACK_TRANSLATOR.maybeThrow();
            }
        }
    }

    /** The exporter, or one whose export never returns when {@link #EXPORTER_BLOCK} is injected. */
    public static SpanExporter maybeBlocking(SpanExporter exporter) {
        return ANY && ACTIVE == EXPORTER_BLOCK ? new BlockingSpanExporter(exporter) : exporter;
    }

    void announce() {
        if (announced.compareAndSet(false, true)) {
            System.err.println("llm-failover: injected fault '" + value + "' fired (" + PROPERTY + ")");
            System.err.flush();
        }
    }

    /** The fault a property value names; null for none. */
    static InjectedFault named(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        String wanted = value.trim().toLowerCase(Locale.ROOT);
        for (InjectedFault fault : values()) {
            if (fault.value.equals(wanted)) {
                return fault;
            }
        }
        throw new IllegalArgumentException(PROPERTY + " = " + value + ": expected one of translator,"
                + " translator-fallback, telemetry, exporter-block, buffering");
    }

    private static InjectedFault fromProperty() {
        try {
            return named(System.getProperty(PROPERTY));
        } catch (IllegalArgumentException unknown) {
            // A typo must not pass for a fault that never fires; nor may it stop the app.
            System.err.println("llm-failover: " + unknown.getMessage() + "; no fault is injected");
            return null;
        } catch (SecurityException denied) {
            return null;
        }
    }
}
