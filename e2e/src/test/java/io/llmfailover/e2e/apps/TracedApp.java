package io.llmfailover.e2e.apps;

import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Scope;

/**
 * An app that handles each run inside a span of its own made with the OpenTelemetry API (a real
 * span when an OpenTelemetry SDK or Java agent is present, a no-op otherwise), and makes its OpenAI
 * SDK calls within it. Prints {@code APPSPAN trace=<id> span=<id>}. Args: see {@link AppArgs}.
 */
public final class TracedApp {

    public static void main(String[] args) throws Exception {
        AppArgs app = AppArgs.parse(args);
        Span request = GlobalOpenTelemetry.getTracer("e2e-traced-app").spanBuilder("handle-request")
                .setSpanKind(SpanKind.SERVER)
                .startSpan();
        try (Scope current = request.makeCurrent()) {
            Report.line("APPSPAN trace=" + request.getSpanContext().getTraceId() + " span="
                    + request.getSpanContext().getSpanId());
            OpenAiSdkApp.run(app);
        } finally {
            request.end();
        }
        Report.done();
    }
}
