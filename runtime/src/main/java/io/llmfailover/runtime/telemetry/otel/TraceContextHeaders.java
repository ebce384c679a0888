package io.llmfailover.runtime.telemetry.otel;

import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;

/**
 * Puts an attempt's span into its request as W3C {@code traceparent}, unless the request already
 * carries one: then the app's own instrumentation (its SDK, the OpenTelemetry Java agent)
 * propagates its context, and replacing it would cut the server's span off from the app's HTTP
 * span. Both are in the same trace either way.
 */
final class TraceContextHeaders {

    private TraceContextHeaders() {}

    /** The header that names the span as the parent of whatever the provider records: none when the request has its own. */
    static HttpHeaders of(String traceId, String spanId, boolean sampled, LlmRequest request) {
        if (request.headers().contains("traceparent")) {
            return HttpHeaders.EMPTY;
        }
        return HttpHeaders.builder().set("traceparent", "00-" + traceId + "-" + spanId + (sampled ? "-01" : "-00")).build();
    }
}
