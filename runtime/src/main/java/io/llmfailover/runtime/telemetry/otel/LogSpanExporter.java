package io.llmfailover.runtime.telemetry.otel;

import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.util.Collection;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code otel.traces.exporter = console}: each span as one line in the agent's log, as the
 * OpenTelemetry Java agent's logging exporter prints it, for a look without a collector.
 */
final class LogSpanExporter implements SpanExporter {

    private static final Logger LOG = LoggerFactory.getLogger("io.llmfailover.telemetry");

    @Override
    public CompletableResultCode export(Collection<SpanData> spans) {
        for (SpanData span : spans) {
            LOG.info("llm-failover span '{}' : {} {} {} [parent {}] {} ms {} {}", span.getName(), span.getTraceId(),
                    span.getSpanId(), span.getKind(), span.getParentSpanId(),
                    TimeUnit.NANOSECONDS.toMillis(span.getEndEpochNanos() - span.getStartEpochNanos()),
                    span.getStatus().getStatusCode(), span.getAttributes().asMap());
        }
        return CompletableResultCode.ofSuccess();
    }

    @Override
    public CompletableResultCode flush() {
        return CompletableResultCode.ofSuccess();
    }

    @Override
    public CompletableResultCode shutdown() {
        return CompletableResultCode.ofSuccess();
    }
}
