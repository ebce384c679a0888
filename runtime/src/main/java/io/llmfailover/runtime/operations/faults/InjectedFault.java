package io.llmfailover.runtime.operations.faults;

import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.net.URI;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A fault injected inside the agent, for the end-to-end fail-open tests only (e2e's
 * {@code FailOpenTest}): they start an app's JVM with {@code -Dllm-failover.test.inject-fault=<faults>}
 * and check that its calls go on as if the agent were absent, each sent exactly once. Nothing else
 * sets that property, and no user-facing documentation names it.
 *
 * <p>The property is a comma-separated list of fault names, each either alone (it fires for every
 * call) or as {@code <fault>@<host>:<port>} (only for calls the app addressed to that authority), so
 * that one JVM can run several faults, each against a provider of its own:
 * {@code translator@127.0.0.1:41001, buffering@127.0.0.1:41002, exporter-block}.
 *
 * <p>The property is read once, when this class loads. Unset, every call site costs one read of a
 * {@code static final boolean} that is false, which the JIT folds away. Set, a named fault fires at
 * its one call site, announcing itself once on stderr ({@code llm-failover: injected fault
 * 'buffering' fired}) so that a test can tell a fault that fired from one that was never reached.
 */
public enum InjectedFault {

    /** Every attempt's planning (translation) throws, the addressed provider's included. */
    TRANSLATOR("translator", false),
    /** A fallback attempt's planning throws; the addressed provider's does not. */
    FALLBACK_TRANSLATOR("translator-fallback", false),
    /** The telemetry observer throws as a call starts. */
    TELEMETRY("telemetry", false),
    /** The span exporter blocks forever, deaf to interrupts, like a hung collector connection (every call's). */
    EXPORTER_BLOCK("exporter-block", false),
    /** Copying a governed call's request body fails as if the heap ran out. */
    BUFFERING("buffering", true);

    /** The system property that names the faults, read once. */
    public static final String PROPERTY = "llm-failover.test.inject-fault";

    private static final Map<InjectedFault, Scope> INJECTED = fromProperty();
    /** The fast path: false, and every check a no-op, unless {@link #PROPERTY} is set. */
    private static final boolean ANY = !INJECTED.isEmpty();

    private final String value;
    private final boolean asError;
    private final AtomicBoolean announced = new AtomicBoolean();

    InjectedFault(String value, boolean asError) {
        this.value = value;
        this.asError = asError;
    }

    /** Whether any fault is injected: false, and folded away, outside the fail-open tests. */
    public static boolean anyInjected() {
        return ANY;
    }

    /**
     * Throws this fault if it is injected for a call the app addressed to {@code addressed}: an
     * {@link OutOfMemoryError} for buffering, else a RuntimeException.
     */
    public void maybeThrow(URI addressed) {
        if (ANY && firesFor(INJECTED, addressed)) {
            announce();
            String message = "llm-failover: injected fault '" + value + "' (" + PROPERTY + ", for tests only)";
            if (asError) {
                throw new OutOfMemoryError(message);
            }
            throw new IllegalStateException(message);
        }
    }

    /** The translator's fault, for an attempt of a call addressed to {@code addressed}, to that provider or to a fallback. */
    public static void maybeThrowTranslating(URI addressed, boolean toAddressedProvider) {
        if (ANY) {
            TRANSLATOR.maybeThrow(addressed);
            if (!toAddressedProvider) {
                FALLBACK_TRANSLATOR.maybeThrow(addressed);
            }
        }
    }

    /** The exporter, or one whose export never returns when {@link #EXPORTER_BLOCK} is injected. */
    public static SpanExporter maybeBlocking(SpanExporter exporter) {
        return ANY && INJECTED.containsKey(EXPORTER_BLOCK) ? new BlockingSpanExporter(exporter) : exporter;
    }

    void announce() {
        if (announced.compareAndSet(false, true)) {
            System.err.println("llm-failover: injected fault '" + value + "' fired (" + PROPERTY + ")");
            System.err.flush();
        }
    }

    boolean firesFor(Map<InjectedFault, Scope> injected, URI addressed) {
        Scope scope = injected.get(this);
        return scope != null && scope.covers(addressed);
    }

    /** The faults a property value injects, each with where it fires; empty for none. */
    static Map<InjectedFault, Scope> parse(String value) {
        Map<InjectedFault, Scope> injected = new EnumMap<>(InjectedFault.class);
        if (value == null) {
            return injected;
        }
        for (String entry : value.split(",")) {
            if (entry.isBlank()) {
                continue;
            }
            int at = entry.indexOf('@');
            InjectedFault fault = named(at < 0 ? entry : entry.substring(0, at), value);
            Scope scope = at < 0 ? Scope.EVERYWHERE : Scope.of(entry.substring(at + 1).trim());
            injected.merge(fault, scope, Scope::and);
        }
        return injected;
    }

    private static InjectedFault named(String name, String value) {
        String wanted = name.trim().toLowerCase(Locale.ROOT);
        for (InjectedFault fault : values()) {
            if (fault.value.equals(wanted)) {
                return fault;
            }
        }
        throw new IllegalArgumentException(PROPERTY + " = " + value + ": '" + name.trim() + "' is not a fault;"
                + " expected translator, translator-fallback, telemetry, exporter-block or buffering,"
                + " each optionally @<host>:<port>");
    }

    private static Map<InjectedFault, Scope> fromProperty() {
        try {
            return parse(System.getProperty(PROPERTY));
        } catch (IllegalArgumentException unknown) {
            // A typo must not pass for a fault that never fires; nor may it stop the app.
            System.err.println("llm-failover: " + unknown.getMessage() + "; no fault is injected");
            return Map.of();
        } catch (SecurityException denied) {
            return Map.of();
        }
    }

    /** Where a fault fires: every call, or the calls addressed to one of a few authorities. */
    record Scope(Set<String> authorities) {

        static final Scope EVERYWHERE = new Scope(Set.of());

        static Scope of(String authority) {
            if (authority.isEmpty()) {
                throw new IllegalArgumentException(PROPERTY + ": a fault's '@' must be followed by <host>:<port>");
            }
            return new Scope(Set.of(authority.toLowerCase(Locale.ROOT)));
        }

        boolean covers(URI addressed) {
            if (authorities.isEmpty()) {
                return true;
            }
            String authority = addressed == null ? null : addressed.getRawAuthority();
            return authority != null && authorities.contains(authority.toLowerCase(Locale.ROOT));
        }

        Scope and(Scope other) {
            if (authorities.isEmpty() || other.authorities.isEmpty()) {
                return EVERYWHERE;
            }
            Set<String> both = new HashSet<>(authorities);
            both.addAll(other.authorities);
            return new Scope(Collections.unmodifiableSet(both));
        }
    }
}
