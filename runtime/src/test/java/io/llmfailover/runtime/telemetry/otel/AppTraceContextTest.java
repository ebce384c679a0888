package io.llmfailover.runtime.telemetry.otel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.time.ManualClock;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.common.ComponentLoader;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import java.io.IOException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.HexFormat;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The app's own OpenTelemetry, in a class loader of its own (as it is beside our shaded copy),
 * becomes the parent of our call span.
 */
class AppTraceContextTest {

    private static final String TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
    private static final String SPAN_ID = "00f067aa0ba902b7";

    private final AppTraceContext appTraceContext = new AppTraceContext();

    @Test
    void readsTheAppsCurrentSpanThroughItsOwnClassLoader() throws Exception {
        try (URLClassLoader app = appWithItsOwnOpenTelemetry(); AutoCloseable scope = makeCurrent(app)) {
            SpanContext parent = appTraceContext.current(app);

            assertEquals(TRACE_ID, parent.getTraceId());
            assertEquals(SPAN_ID, parent.getSpanId());
            assertTrue(parent.isRemote());
            assertTrue(parent.isSampled());
        }
    }

    @Test
    void theAppsClassesAreNotOurs() throws Exception {
        try (URLClassLoader app = appWithItsOwnOpenTelemetry()) {
            assertNotSame(Span.class, app.loadClass(Span.class.getName()));
        }
    }

    @Test
    void noCurrentSpanInTheAppMeansNoParent() throws Exception {
        try (URLClassLoader app = appWithItsOwnOpenTelemetry()) {
            assertFalse(appTraceContext.current(app).isValid());
        }
    }

    @Test
    void anAppWithoutOpenTelemetryMeansNoParentAndNoError() throws IOException {
        try (URLClassLoader bare = new URLClassLoader(new URL[0], ClassLoader.getPlatformClassLoader())) {
            assertFalse(appTraceContext.current(bare).isValid());
            assertFalse(appTraceContext.current(bare).isValid(), "the absence is cached, and still answers");
        }
        assertFalse(appTraceContext.current(null).isValid());
    }

    @Test
    void onTheSameClassPathTheCurrentSpanIsReadToo() {
        SpanContext app = SpanContext.create(TRACE_ID, SPAN_ID, TraceFlags.getSampled(), TraceState.getDefault());
        try (Scope scope = Context.root().with(Span.wrap(app)).makeCurrent()) {
            assertEquals(SPAN_ID, appTraceContext.current(getClass().getClassLoader()).getSpanId());
        }
    }

    @Test
    void theCallSpanJoinsTheAppsTraceAsAChildOfItsCurrentSpan() throws Exception {
        ManualClock clock = new ManualClock();
        try (OtlpReceiver receiver = new OtlpReceiver(); URLClassLoader app = appWithItsOwnOpenTelemetry()) {
            Telemetry telemetry = OtelTelemetry.start(TelemetryFixture.settings(receiver.endpoint(), Map.of()), clock);
            try (AutoCloseable scope = makeCurrent(app); CallerClassLoader.Scope caller = CallerClassLoader.use(app)) {
                telemetry.observer().callStarted(GenAiObserverTest.streamingChat(), GenAiObserverTest.route())
                        .failed(new IOException("down"));
            }
            telemetry.flush();
            telemetry.shutdown();

            io.opentelemetry.proto.trace.v1.Span call = receiver.span("chat gpt-4o");
            assertEquals(TRACE_ID, HexFormat.of().formatHex(call.getTraceId().toByteArray()));
            assertEquals(SPAN_ID, HexFormat.of().formatHex(call.getParentSpanId().toByteArray()));
        }
    }

    @Test
    void aCallRunOnAnotherThreadJoinsTheSpanCapturedOnTheAppsThread() throws Exception {
        ManualClock clock = new ManualClock();
        try (OtlpReceiver receiver = new OtlpReceiver(); URLClassLoader app = appWithItsOwnOpenTelemetry()) {
            Telemetry telemetry = OtelTelemetry.start(TelemetryFixture.settings(receiver.endpoint(), Map.of()), clock);
            CallerClassLoader.Captured caller;
            try (AutoCloseable scope = makeCurrent(app)) {
                caller = CallerClassLoader.capture(app); // what sendAsync does on the app's thread
            }
            Thread elsewhere = new Thread(() -> {
                try (CallerClassLoader.Scope used = caller.use()) {
                    telemetry.observer().callStarted(GenAiObserverTest.streamingChat(), GenAiObserverTest.route())
                            .failed(new IOException("down"));
                }
            });
            elsewhere.start();
            elsewhere.join();
            telemetry.flush();
            telemetry.shutdown();

            io.opentelemetry.proto.trace.v1.Span call = receiver.span("chat gpt-4o");
            assertEquals(TRACE_ID, HexFormat.of().formatHex(call.getTraceId().toByteArray()));
            assertEquals(SPAN_ID, HexFormat.of().formatHex(call.getParentSpanId().toByteArray()));
        }
    }

    /** A loader holding its own copy of the OpenTelemetry API, as an app (or the OTel agent's bridge) has. */
    private static URLClassLoader appWithItsOwnOpenTelemetry() {
        return new URLClassLoader(new URL[] {jarOf(Span.class), jarOf(Context.class), jarOf(ComponentLoader.class)},
                ClassLoader.getPlatformClassLoader());
    }

    private static URL jarOf(Class<?> type) {
        return type.getProtectionDomain().getCodeSource().getLocation();
    }

    /** What the app's code does: Span.wrap(SpanContext.create(...)).makeCurrent(), in its own classes. */
    private static AutoCloseable makeCurrent(ClassLoader app) throws Exception {
        Class<?> spanContext = app.loadClass(SpanContext.class.getName());
        Class<?> traceFlags = app.loadClass(TraceFlags.class.getName());
        Class<?> traceState = app.loadClass(TraceState.class.getName());
        Class<?> span = app.loadClass(Span.class.getName());
        Object flags = traceFlags.getMethod("getSampled").invoke(null);
        Object state = traceState.getMethod("getDefault").invoke(null);
        Object context = spanContext.getMethod("create", String.class, String.class, traceFlags, traceState)
                .invoke(null, TRACE_ID, SPAN_ID, flags, state);
        Object wrapped = span.getMethod("wrap", spanContext).invoke(null, context);
        Method makeCurrent = app.loadClass("io.opentelemetry.context.ImplicitContextKeyed").getMethod("makeCurrent");
        Object scope = makeCurrent.invoke(wrapped);
        Method close = app.loadClass("io.opentelemetry.context.Scope").getMethod("close");
        return () -> close.invoke(scope);
    }
}
