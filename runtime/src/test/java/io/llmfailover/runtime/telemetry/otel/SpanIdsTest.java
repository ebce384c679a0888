package io.llmfailover.runtime.telemetry.otel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.opentelemetry.api.trace.SpanId;
import io.opentelemetry.api.trace.TraceId;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SpanIdsTest {

    @Test
    void idsAreLowerCaseHexOfTheirLengthAndValidForOpenTelemetry() {
        Set<String> traceIds = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            String traceId = SpanIds.newTraceId();
            String spanId = SpanIds.newSpanId();
            assertTrue(traceId.matches("[0-9a-f]{32}"), traceId);
            assertTrue(spanId.matches("[0-9a-f]{16}"), spanId);
            assertTrue(TraceId.isValid(traceId), traceId);
            assertTrue(SpanId.isValid(spanId), spanId);
            traceIds.add(traceId);
        }
        assertEquals(1000, traceIds.size(), "random ids do not repeat");
    }
}
