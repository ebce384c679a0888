package io.llmfailover.runtime.telemetry.otel;

import io.llmfailover.runtime.log.OnceLogger;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.ref.WeakReference;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * The app's current span, read from the app's own OpenTelemetry API (its SDK, or the OpenTelemetry
 * Java agent's bridge) through reflection: our OpenTelemetry classes are shaded in the agent jar,
 * so they cannot share a Context with the app's. Our call span then becomes a child of the app's
 * span, in the same trace. Handles are cached per class loader; nothing here ever throws.
 */
public final class AppTraceContext {

    /**
     * Built at run time so that the agent's shading, which relocates class-name string constants,
     * leaves it naming the app's unshaded API.
     */
    private static final String API_PACKAGE = String.join(".", "io", "opentelemetry", "api", "trace");

    /**
     * The OpenTelemetry Java agent's own copy of the API, shaded under this package in the bootstrap
     * class loader: the context its instrumentations (servlet, HTTP server, executors...) make
     * current, which an app without the API on its class path cannot show us.
     */
    private static final String JAVAAGENT_API_PACKAGE =
            String.join(".", "io", "opentelemetry", "javaagent", "shaded", API_PACKAGE);

    private static final AppTraceContext SHARED = new AppTraceContext();

    private final Map<ClassLoader, Probe> probes = new WeakHashMap<>();
    private volatile Probe javaagentProbe;
    private volatile LastProbe lastProbe;

    /** The instance the runtime reads the app's spans with, its handles cached for the JVM's life. */
    public static AppTraceContext shared() {
        return SHARED;
    }

    /**
     * The app's current span context in the given loader, else the OpenTelemetry Java agent's
     * current one, or the invalid context when there is none.
     */
    public SpanContext current(ClassLoader loader) {
        try {
            SpanContext app = loader == null ? SpanContext.getInvalid() : probeFor(loader).read();
            return app.isValid() ? app : javaagentProbe().read();
        } catch (Throwable unreadable) {
            OnceLogger.internalFailure("reading the app's current span", unreadable);
            return SpanContext.getInvalid();
        }
    }

    /** Every call asks, nearly always for the same loader: that one is answered without a lock. */
    private Probe probeFor(ClassLoader loader) {
        LastProbe last = lastProbe;
        if (last != null && last.loader.get() == loader) {
            return last.probe;
        }
        Probe probe;
        synchronized (probes) {
            probe = probes.computeIfAbsent(loader, app -> Probe.lookUp(app, API_PACKAGE));
        }
        lastProbe = new LastProbe(new WeakReference<>(loader), probe);
        return probe;
    }

    private record LastProbe(WeakReference<ClassLoader> loader, Probe probe) {}

    private Probe javaagentProbe() {
        Probe probe = javaagentProbe;
        if (probe == null) {
            probe = Probe.lookUp(null, JAVAAGENT_API_PACKAGE);
            javaagentProbe = probe;
        }
        return probe;
    }

    /** The reflective handles into one loader's OpenTelemetry API; {@link #ABSENT} where it has none. */
    private record Probe(MethodHandle currentSpan, MethodHandle spanContext, MethodHandle isValid,
            MethodHandle traceId, MethodHandle spanId, MethodHandle traceFlags, MethodHandle flagsByte) {

        static final Probe ABSENT = new Probe(null, null, null, null, null, null, null);

        /** @param loader where to look, null for the bootstrap class loader */
        static Probe lookUp(ClassLoader loader, String apiPackage) {
            try {
                Class<?> span = Class.forName(apiPackage + ".Span", false, loader);
                Class<?> context = Class.forName(apiPackage + ".SpanContext", false, loader);
                Class<?> flags = Class.forName(apiPackage + ".TraceFlags", false, loader);
                MethodHandles.Lookup lookup = MethodHandles.publicLookup();
                return new Probe(
                        lookup.findStatic(span, "current", MethodType.methodType(span)),
                        lookup.findVirtual(span, "getSpanContext", MethodType.methodType(context)),
                        lookup.findVirtual(context, "isValid", MethodType.methodType(boolean.class)),
                        lookup.findVirtual(context, "getTraceId", MethodType.methodType(String.class)),
                        lookup.findVirtual(context, "getSpanId", MethodType.methodType(String.class)),
                        lookup.findVirtual(context, "getTraceFlags", MethodType.methodType(flags)),
                        lookup.findVirtual(flags, "asByte", MethodType.methodType(byte.class)));
            } catch (ClassNotFoundException | NoSuchMethodException | IllegalAccessException | LinkageError absent) {
                return ABSENT;
            }
        }

        SpanContext read() throws Throwable {
            if (currentSpan == null) {
                return SpanContext.getInvalid();
            }
            Object context = spanContext.invoke(currentSpan.invoke());
            if (!(boolean) isValid.invoke(context)) {
                return SpanContext.getInvalid();
            }
            byte flags = (byte) flagsByte.invoke(traceFlags.invoke(context));
            return SpanContext.createFromRemoteParent((String) traceId.invoke(context), (String) spanId.invoke(context),
                    TraceFlags.fromByte(flags), TraceState.getDefault());
        }
    }
}
