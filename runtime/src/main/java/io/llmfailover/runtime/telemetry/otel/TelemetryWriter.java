package io.llmfailover.runtime.telemetry.otel;

import io.llmfailover.runtime.log.OnceLogger;
import io.llmfailover.runtime.time.Clock;
import io.opentelemetry.api.metrics.Meter;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.metrics.export.MetricReader;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The OpenTelemetry SDK and what writes into it, living on the telemetry thread: each finished call
 * becomes its spans (those {@link SpanKeeping} keeps) and its metric points. Built there, when the
 * first call needs it, so that neither start-up nor any call waits for the SDK.
 */
final class TelemetryWriter {

    private static final long FLUSH_WAIT_MILLIS = 5_000;

    private final OpenTelemetrySdk sdk;
    private final CallSpans spans;
    private final CallMetrics metrics;
    private final SpanKeeping keeping;
    private final Undelivered undelivered;

    private TelemetryWriter(OpenTelemetrySdk sdk, CallSpans spans, CallMetrics metrics, SpanKeeping keeping,
            Undelivered undelivered) {
        this.sdk = sdk;
        this.spans = spans;
        this.metrics = metrics;
        this.keeping = keeping;
        this.undelivered = undelivered;
    }

    static TelemetryWriter start(ExportSettings settings, Clock clock, List<MetricReader> extraReaders,
            ClassLoader httpServerLoader, ResilienceGauges gauges, LongSupplier droppedCalls) {
        return start(settings, clock, extraReaders, httpServerLoader, gauges, droppedCalls, new Undelivered());
    }

    /** @param undelivered counts what the exporters take and deliver, for the line at exit */
    static TelemetryWriter start(ExportSettings settings, Clock clock, List<MetricReader> extraReaders,
            ClassLoader httpServerLoader, ResilienceGauges gauges, LongSupplier droppedCalls, Undelivered undelivered) {
        PresetIds ids = new PresetIds();
        OpenTelemetrySdk sdk = TelemetrySdk.build(settings, clock, extraReaders, httpServerLoader, ids, undelivered);
        Meter meter = sdk.getMeter(OtelTelemetry.SCOPE);
        gauges.register(meter);
        meter.counterBuilder("llm_failover.telemetry.dropped_calls")
                .setDescription("Calls that went unrecorded because the telemetry queue was full")
                .setUnit("{call}")
                .buildWithCallback(counter -> counter.record(droppedCalls.getAsLong()));
        CallSpans spans = new CallSpans(sdk.getTracer(OtelTelemetry.SCOPE), ids, new EpochClock(clock),
                settings.captureContent());
        return new TelemetryWriter(sdk, spans, new CallMetrics(new GenAiMetrics(meter)), SpanKeeping.of(settings),
                undelivered);
    }

    void write(GenAiCallScope call) {
        try {
            if (keeping.keeps(call)) {
                spans.write(call);
            }
            metrics.record(call);
            undelivered.metricsRecorded();
        } catch (RuntimeException internal) {
            OnceLogger.internalFailure("writing a call's spans and metrics", internal);
        }
    }

    void flush() {
        sdk.getSdkTracerProvider().forceFlush().join(FLUSH_WAIT_MILLIS, TimeUnit.MILLISECONDS);
        sdk.getSdkMeterProvider().forceFlush().join(FLUSH_WAIT_MILLIS, TimeUnit.MILLISECONDS);
    }

    void shutdown(long waitMillis) {
        sdk.shutdown().join(waitMillis, TimeUnit.MILLISECONDS);
    }
}
