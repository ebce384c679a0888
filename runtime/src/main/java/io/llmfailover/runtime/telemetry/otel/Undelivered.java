package io.llmfailover.runtime.telemetry.otel;

import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.common.export.MemoryMode;
import io.opentelemetry.sdk.metrics.Aggregation;
import io.opentelemetry.sdk.metrics.InstrumentType;
import io.opentelemetry.sdk.metrics.data.AggregationTemporality;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.metrics.export.MetricExporter;
import io.opentelemetry.sdk.trace.ReadWriteSpan;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.SpanProcessor;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.util.Collection;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the OTLP exporters did not deliver: the spans ended and never exported, and the calls
 * whose metrics were recorded after the last metric export that went through. Said once as the
 * JVM exits, with where they were meant to go, so that a run too short for the exporters' own
 * complaint (their first export comes seconds after a call) does not lose its telemetry silently.
 * Counting costs an add per span and per call, on the telemetry thread and the exporters'.
 */
final class Undelivered {

    private final LongAdder spansEnded = new LongAdder();
    private final LongAdder spansDelivered = new LongAdder();
    private final AtomicLong metricCalls = new AtomicLong();
    private final AtomicLong metricCallsDelivered = new AtomicLong();

    /** Counts the spans the SDK will export: the sampled ones, as they end. */
    SpanProcessor counting() {
        return new SpanProcessor() {
            @Override
            public void onStart(Context parentContext, ReadWriteSpan span) {}

            @Override
            public boolean isStartRequired() {
                return false;
            }

            @Override
            public void onEnd(ReadableSpan span) {
                if (span.getSpanContext().isSampled()) {
                    spansEnded.increment();
                }
            }

            @Override
            public boolean isEndRequired() {
                return true;
            }
        };
    }

    /** {@code exporter}, counting the spans of each export that went through. */
    SpanExporter delivering(SpanExporter exporter) {
        return new SpanExporter() {
            @Override
            public CompletableResultCode export(Collection<SpanData> spans) {
                int count = spans.size();
                return onSuccess(exporter.export(spans), () -> spansDelivered.add(count));
            }

            @Override
            public CompletableResultCode flush() {
                return exporter.flush();
            }

            @Override
            public CompletableResultCode shutdown() {
                return exporter.shutdown();
            }
        };
    }

    /** {@code exporter}, noting that the metrics of the calls recorded so far went through with an export. */
    MetricExporter delivering(MetricExporter exporter) {
        return new MetricExporter() {
            @Override
            public CompletableResultCode export(Collection<MetricData> metrics) {
                long recorded = metricCalls.get();
                return onSuccess(exporter.export(metrics), () -> metricCallsDelivered.accumulateAndGet(recorded, Math::max));
            }

            @Override
            public AggregationTemporality getAggregationTemporality(InstrumentType instrument) {
                return exporter.getAggregationTemporality(instrument);
            }

            @Override
            public Aggregation getDefaultAggregation(InstrumentType instrument) {
                return exporter.getDefaultAggregation(instrument);
            }

            @Override
            public MemoryMode getMemoryMode() {
                return exporter.getMemoryMode();
            }

            @Override
            public CompletableResultCode flush() {
                return exporter.flush();
            }

            @Override
            public CompletableResultCode shutdown() {
                return exporter.shutdown();
            }
        };
    }

    /** A call's metric points were recorded. */
    void metricsRecorded() {
        metricCalls.incrementAndGet();
    }

    /**
     * The exit line, or null when everything was delivered.
     *
     * @param pendingSpans the spans of the calls not yet handed to the SDK
     * @param pendingCalls those calls
     */
    String line(ExportSettings settings, long pendingSpans, long pendingCalls) {
        long spans = settings.tracesEndpoint() == null ? 0 : spansEnded.sum() - spansDelivered.sum() + pendingSpans;
        long calls = settings.metricsEndpoint() == null ? 0
                : metricCalls.get() - metricCallsDelivered.get() + pendingCalls;
        if (spans <= 0 && calls <= 0) {
            return null;
        }
        String what = spans > 0 && calls > 0 ? count(spans, "span") + " and the metrics of " + count(calls, "call")
                : spans > 0 ? count(spans, "span") : "the metrics of " + count(calls, "call");
        return "llm-failover: telemetry not delivered at exit: " + what + " (" + SdkLogBridge.advice(settings) + ")";
    }

    private static String count(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    /** {@code result}, with {@code action} run once it completed successfully. */
    private static CompletableResultCode onSuccess(CompletableResultCode result, Runnable action) {
        result.whenComplete(() -> {
            if (result.isSuccess()) {
                action.run();
            }
        });
        return result;
    }
}
