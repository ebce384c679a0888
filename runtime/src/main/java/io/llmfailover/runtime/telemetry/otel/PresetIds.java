package io.llmfailover.runtime.telemetry.otel;

import io.opentelemetry.sdk.trace.IdGenerator;

/**
 * The SDK's id generator, told the ids a span must have: those the call drew when it started and
 * already sent as {@code traceparent}. Only the telemetry thread writes spans, so the ids it sets
 * are for the very next span it starts; a span started without any gets random ones.
 */
final class PresetIds implements IdGenerator {

    private static final IdGenerator RANDOM = IdGenerator.random();

    private String traceId;
    private String spanId;

    /** @param traceId the trace id of a span with no parent (else ignored), or null */
    void next(String traceId, String spanId) {
        this.traceId = traceId;
        this.spanId = spanId;
    }

    @Override
    public String generateSpanId() {
        String id = spanId;
        spanId = null;
        return id != null ? id : RANDOM.generateSpanId();
    }

    @Override
    public String generateTraceId() {
        String id = traceId;
        traceId = null;
        return id != null ? id : RANDOM.generateTraceId();
    }
}
