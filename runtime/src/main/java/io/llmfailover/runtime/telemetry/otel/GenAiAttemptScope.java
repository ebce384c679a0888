package io.llmfailover.runtime.telemetry.otel;

import io.llmfailover.runtime.failover.Outcome;
import io.llmfailover.runtime.http.HttpHeaders;
import io.llmfailover.runtime.http.LlmRequest;
import io.llmfailover.runtime.log.OnceLogger;
import io.llmfailover.runtime.protocol.translate.TargetRequest;
import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.telemetry.AttemptScope;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Context;
import java.util.List;
import java.util.Locale;

/**
 * One attempt's span, a child of the call span: which provider and model were tried, with which
 * key (its id, never the key), whether the request was translated, and how it ended. Its context
 * travels to the provider as W3C {@code traceparent}.
 */
final class GenAiAttemptScope implements AttemptScope {

    private final GenAiCallScope call;
    private final Span span;
    private final String providerName;
    private volatile boolean ended;
    private String failoverReason;

    private GenAiAttemptScope(GenAiCallScope call, Span span, String providerName) {
        this.call = call;
        this.span = span;
        this.providerName = providerName;
    }

    static GenAiAttemptScope start(GenAiCallScope call, int number, Provider provider, TargetRequest target,
            boolean translated, String keyId) {
        GenAiObserver observer = call.observer();
        String operation = target.operation().semanticName();
        String model = target.model();
        // Named apart from the call span (which often has the same operation and model) so that a
        // trace view reads "chat gpt-4o" > "attempt openai", "attempt deepseek".
        Span span = observer.tracer.spanBuilder("attempt " + provider.name())
                .setSpanKind(SpanKind.CLIENT)
                .setParent(Context.root().with(call.span()))
                .setAttribute(GenAiAttributes.OPERATION_NAME, operation)
                .setAttribute(GenAiAttributes.PROVIDER_NAME, ProviderNames.semconvName(provider))
                .setAttribute(GenAiAttributes.REQUEST_STREAM, target.stream())
                .setAttribute(FailoverAttributes.PROVIDER, provider.name())
                .setAttribute(FailoverAttributes.ATTEMPT, (long) number)
                .setAttribute(FailoverAttributes.TRANSLATED, translated)
                .setAttribute(FailoverAttributes.TARGET_PROTOCOL, provider.protocol().configName())
                .setAttribute(FailoverAttributes.BREAKER_STATE, observer.resilience.breakerState(provider.name(), model))
                .setAttribute(FailoverAttributes.THROTTLE_DECISION, "allowed")
                .startSpan();
        if (model != null) {
            span.setAttribute(GenAiAttributes.REQUEST_MODEL, model);
        }
        if (keyId != null) {
            span.setAttribute(FailoverAttributes.KEY_ID, keyId);
        }
        GenAiCallScope.setServer(span, provider);
        return new GenAiAttemptScope(call, span, provider.name());
    }

    @Override
    public HttpHeaders traceHeaders(LlmRequest request) {
        try {
            return TraceContextHeaders.of(span, request);
        } catch (RuntimeException internal) {
            OnceLogger.internalFailure("adding trace context to an attempt", internal);
            return HttpHeaders.EMPTY;
        }
    }

    @Override
    public void translationDropped(List<String> fields) {
        if (!fields.isEmpty()) {
            span.setAttribute(FailoverAttributes.DROPPED_FIELDS, String.join(",", fields));
        }
    }

    @Override
    public void hedged() {
        span.setAttribute(FailoverAttributes.HEDGED, true);
    }

    @Override
    public void ended(int status, Outcome outcome, boolean failsOver, Throwable error) {
        try {
            if (status > 0) {
                span.setAttribute(GenAiAttributes.HTTP_STATUS, status);
            }
            span.setAttribute(FailoverAttributes.OUTCOME, outcome.name().toLowerCase(Locale.ROOT));
            boolean statusSaysWhy = status > 0 && outcome != Outcome.MALFORMED_ANSWER; // a malformed answer came as a 200
            if (outcome != Outcome.SUCCESS && outcome != Outcome.HEDGE_LOST) {
                span.setAttribute(GenAiAttributes.ERROR_TYPE, statusSaysWhy ? String.valueOf(status)
                        : error != null ? error.getClass().getName() : outcome.token());
                span.setStatus(StatusCode.ERROR);
            }
            if (error != null) {
                span.recordException(error);
            }
            if (failsOver) {
                failoverReason = statusSaysWhy ? String.valueOf(status) : outcome.token();
                span.setAttribute(FailoverAttributes.FAILOVER_REASON, failoverReason);
                call.failedOver(this);
            }
        } catch (RuntimeException internal) {
            OnceLogger.internalFailure("ending an attempt span", internal);
        } finally {
            ended = true;
            span.end();
        }
    }

    Span span() {
        return span;
    }

    boolean isEnded() {
        return ended;
    }

    String providerName() {
        return providerName;
    }

    String failoverReason() {
        return failoverReason;
    }
}
