package io.llmfailover.runtime.telemetry.otel;

import io.llmfailover.runtime.http.HttpHeaders;
import io.llmfailover.runtime.http.LlmRequest;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapSetter;

/**
 * Puts an attempt's span into its request as W3C {@code traceparent} (and {@code tracestate}),
 * unless the request already carries one: then the app's own instrumentation (its SDK, the
 * OpenTelemetry Java agent) propagates its context, and replacing it would cut the server's span
 * off from the app's HTTP span. Both are in the same trace either way.
 */
final class TraceContextHeaders {

    private static final TextMapSetter<HttpHeaders.Builder> SETTER = (headers, name, value) -> headers.set(name, value);

    private TraceContextHeaders() {}

    /** The headers that carry the span: none when it is invalid or the request has its own. */
    static HttpHeaders of(Span span, LlmRequest request) {
        if (!span.getSpanContext().isValid() || request.headers().contains("traceparent")) {
            return HttpHeaders.EMPTY;
        }
        HttpHeaders.Builder headers = HttpHeaders.builder();
        W3CTraceContextPropagator.getInstance().inject(Context.root().with(span), headers, SETTER);
        return headers.build();
    }
}
