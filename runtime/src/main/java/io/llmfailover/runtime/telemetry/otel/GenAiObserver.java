package io.llmfailover.runtime.telemetry.otel;

import io.llmfailover.runtime.call.GovernedCall;
import io.llmfailover.runtime.faults.InjectedFault;
import io.llmfailover.runtime.log.OnceLogger;
import io.llmfailover.runtime.route.Route;
import io.llmfailover.runtime.telemetry.CallObserver;
import io.llmfailover.runtime.telemetry.CallScope;
import io.llmfailover.runtime.time.Clock;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.Tracer;

/**
 * The OpenTelemetry-backed {@link CallObserver}: one GenAI CLIENT span per logical call, a child
 * span per attempt, the GenAI client metrics. The call span's parent is the app's current span when
 * the app runs OpenTelemetry itself (see {@link AppTraceContext}).
 */
public final class GenAiObserver implements CallObserver {

    final Tracer tracer;
    final GenAiMetrics metrics;
    final ResilienceGauges resilience;
    final Clock clock;
    final boolean captureContent;
    private final AppTraceContext appTraceContext;

    GenAiObserver(Tracer tracer, GenAiMetrics metrics, ResilienceGauges resilience, Clock clock,
            boolean captureContent, AppTraceContext appTraceContext) {
        this.tracer = tracer;
        this.metrics = metrics;
        this.resilience = resilience;
        this.clock = clock;
        this.captureContent = captureContent;
        this.appTraceContext = appTraceContext;
    }

    @Override
    public CallScope callStarted(GovernedCall call, Route route) {
        try {
            InjectedFault.TELEMETRY.maybeThrow();
            SpanContext captured = CallerClassLoader.capturedParent();
            SpanContext appParent = captured != null ? captured : appTraceContext.current(CallerClassLoader.current());
            return GenAiCallScope.start(this, call, route, appParent);
        } catch (RuntimeException internal) {
            OnceLogger.internalFailure("starting a call span", internal);
            return CallScope.NOOP;
        }
    }
}
