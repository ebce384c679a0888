/**
 * Telemetry on the runtime's own (shaded) OpenTelemetry SDK: a GenAI CLIENT span per call and a
 * child span per attempt, the GenAI client metrics, the breaker and throttle transitions as log
 * lines, span events and gauges, exported by OTLP/HTTP or to the log, all written on one telemetry
 * thread ({@link io.llmfailover.runtime.telemetry.otel.TelemetryExport}), never the caller's. The
 * app's own trace context is read through the app's class loader
 * ({@link io.llmfailover.runtime.telemetry.otel.CallerClassLoader},
 * {@link io.llmfailover.runtime.telemetry.otel.AppTraceContext}) and carried on each attempt as
 * {@code traceparent}. Implements the {@code telemetry} package's observer; the walk never sees it.
 */
package io.llmfailover.runtime.telemetry.otel;
