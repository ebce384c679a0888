package io.llmfailover.runtime.telemetry.otel;

import io.opentelemetry.api.trace.SpanContext;

/** For adapter tests: the app's span a call running on this thread was given, as the runtime reads it. */
public final class CallerSpan {

    private CallerSpan() {}

    /** The trace id of the captured parent span, or null when the call carries none. */
    public static String traceId() {
        SpanContext parent = CallerClassLoader.capturedParent();
        return parent == null || !parent.isValid() ? null : parent.getTraceId();
    }
}
