package io.llmfailover.runtime.telemetry.otel;

import io.llmfailover.runtime.call.RecognizedCall;
import io.llmfailover.runtime.log.OnceLogger;
import io.llmfailover.runtime.operations.faults.InjectedFault;
import io.llmfailover.runtime.route.Route;
import io.llmfailover.runtime.telemetry.CallObserver;
import io.llmfailover.runtime.telemetry.CallScope;
import io.llmfailover.runtime.time.Clock;
import io.opentelemetry.api.trace.SpanContext;

/**
 * The OpenTelemetry-backed {@link CallObserver}: one GenAI CLIENT span per logical call, a child
 * span per attempt when there was more than one, the GenAI client metrics. A call notes what
 * happens on its own thread and hands itself to {@link TelemetryExport} when it ends. The call
 * span's parent is the app's current span when the app runs OpenTelemetry itself (see
 * {@link AppTraceContext}).
 */
public final class GenAiObserver implements CallObserver {

    final TelemetryExport export;
    final Clock clock;
    final boolean captureContent;
    private final AppTraceContext appTraceContext;

    GenAiObserver(TelemetryExport export, Clock clock, boolean captureContent, AppTraceContext appTraceContext) {
        this.export = export;
        this.clock = clock;
        this.captureContent = captureContent;
        this.appTraceContext = appTraceContext;
    }

    @Override
    public CallScope callStarted(RecognizedCall call, Route route) {
        try {
            InjectedFault.TELEMETRY.maybeThrow(call.request().uri());
            SpanContext captured = CallerClassLoader.capturedParent();
            SpanContext appParent = captured != null ? captured : appTraceContext.current(CallerClassLoader.current());
            export.start(); // the SDK starts while this first call is on its way
            return new GenAiCallScope(this, call, route, appParent);
        } catch (RuntimeException internal) {
            OnceLogger.internalFailure("starting a call span", internal);
            return CallScope.NOOP;
        }
    }
}
