package io.llmfailover.runtime.telemetry.otel;

import io.llmfailover.runtime.outcome.AttemptOutcome;
import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.telemetry.usage.ResponseFacts;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Writes a finished call's spans, on the telemetry thread, with the times and ids the call noted:
 * one CLIENT span per call, and one child span per attempt when there was more than one (or the one
 * there was failed over). A call answered by its first attempt gets a single span carrying that
 * attempt's facts too: the attempt span would repeat it.
 */
final class CallSpans {

    private static final AttributeKey<String> EXCEPTION_TYPE = AttributeKey.stringKey("exception.type");
    private static final AttributeKey<String> EXCEPTION_MESSAGE = AttributeKey.stringKey("exception.message");
    private static final AttributeKey<String> EXCEPTION_STACKTRACE = AttributeKey.stringKey("exception.stacktrace");

    private final Tracer tracer;
    private final PresetIds ids;
    private final EpochClock epoch;
    private final boolean captureContent;

    CallSpans(Tracer tracer, PresetIds ids, EpochClock epoch, boolean captureContent) {
        this.tracer = tracer;
        this.ids = ids;
        this.epoch = epoch;
        this.captureContent = captureContent;
    }

    void write(GenAiCallScope call) {
        List<GenAiAttemptScope> attempts = call.attempts();
        GenAiAttemptScope only = onlyAttempt(call);
        String operation = call.call.source().operation().semanticName();
        String model = call.call.source().model();
        Context parent = call.appParent.isValid() ? Context.root().with(Span.wrap(call.appParent)) : Context.root();
        // Attributes go straight into the SDK's span: an Attributes built first would be sorted,
        // de-duplicated and then copied over once more.
        SpanBuilder builder = tracer.spanBuilder(model == null ? operation : operation + " " + model)
                .setSpanKind(SpanKind.CLIENT)
                .setParent(parent)
                .setStartTimestamp(epoch.of(call.startNanos), TimeUnit.NANOSECONDS);
        callAttributes(call, builder);
        if (only != null) {
            onlyAttemptFacts(only, builder);
        }
        ids.next(call.traceId(), call.spanId());
        Span span = builder.startSpan();
        addEvents(span, call.events());
        if (only != null) {
            addEvents(span, only.events());
            if (only.error() != null && only.error() != call.error()) {
                addException(span, only.error(), only.endNanos());
            }
        }
        if (call.error() != null) {
            addException(span, call.error(), call.endNanos());
        }
        if (call.errorType() != null) {
            span.setStatus(StatusCode.ERROR);
        }
        span.end(epoch.of(call.endNanos()), TimeUnit.NANOSECONDS);
        if (only == null) {
            SpanContext callContext = SpanContext.create(call.traceId(), call.spanId(),
                    call.sampled() ? TraceFlags.getSampled() : TraceFlags.getDefault(), TraceState.getDefault());
            for (GenAiAttemptScope attempt : attempts) {
                writeAttempt(attempt, Context.root().with(Span.wrap(callContext)), call.endNanos());
            }
        }
    }

    /** The spans {@link #write} makes of a call: its own, and one per attempt unless a lone attempt is folded in. */
    static int count(GenAiCallScope call) {
        return onlyAttempt(call) != null ? 1 : 1 + call.attempts().size();
    }

    /** A call's lone attempt that did not fail over, whose facts go on the call's span; null otherwise. */
    private static GenAiAttemptScope onlyAttempt(GenAiCallScope call) {
        List<GenAiAttemptScope> attempts = call.attempts();
        return attempts.size() == 1 && !attempts.get(0).failsOver() ? attempts.get(0) : null;
    }

    private void callAttributes(GenAiCallScope call, SpanBuilder span) {
        Provider addressed = call.call.addressed();
        Provider servedBy = call.servedBy();
        Provider shown = servedBy != null ? servedBy : addressed;
        span.setAttribute(GenAiAttributes.OPERATION_NAME, call.call.source().operation().semanticName())
                .setAttribute(GenAiAttributes.PROVIDER_NAME, ProviderNames.semconvName(shown))
                .setAttribute(GenAiAttributes.REQUEST_STREAM, call.call.source().stream())
                .setAttribute(FailoverAttributes.ADDRESSED_PROVIDER, addressed.name())
                .setAttribute(FailoverAttributes.ROUTE, call.routeName)
                .setAttribute(FailoverAttributes.ATTEMPTS, call.attempts().size());
        putIfPresent(span, GenAiAttributes.REQUEST_MODEL, call.call.source().model());
        server(span, shown);
        putIfPresent(span, FailoverAttributes.RESUMED_FROM, call.resumesFrom());
        if (call.fromCache()) {
            span.setAttribute(FailoverAttributes.SERVED_BY, FailoverAttributes.SERVED_BY_CACHE);
        } else if (servedBy != null) {
            span.setAttribute(FailoverAttributes.SERVED_BY, servedBy.name());
            span.setAttribute(FailoverAttributes.FAILED_OVER, !servedBy.equals(addressed));
        }
        if (call.queueWaitNanos() >= 0) {
            span.setAttribute(FailoverAttributes.QUEUE_WAIT_MS, TimeUnit.NANOSECONDS.toMillis(call.queueWaitNanos()));
        }
        if (captureContent) {
            ContentCapture.recordInput(span, call.call.source().body());
        }
        if (call.facts() != null) {
            responseFacts(call.facts(), span);
        }
        if (call.closedEarly()) {
            span.setAttribute(FailoverAttributes.BODY_CLOSED_EARLY, true);
        }
        if (call.call.source().stream() && call.firstChunkNanos() >= 0) {
            span.setAttribute(GenAiAttributes.RESPONSE_TIME_TO_FIRST_CHUNK, call.firstChunkNanos() / 1e9);
        }
        putIfPresent(span, GenAiAttributes.ERROR_TYPE, call.errorType());
    }

    private void responseFacts(ResponseFacts facts, SpanBuilder span) {
        putIfPresent(span, GenAiAttributes.RESPONSE_MODEL, facts.model());
        putIfPresent(span, GenAiAttributes.RESPONSE_ID, facts.id());
        if (facts.inputTokens() != null) {
            span.setAttribute(GenAiAttributes.USAGE_INPUT_TOKENS, facts.inputTokens());
        }
        if (facts.outputTokens() != null) {
            span.setAttribute(GenAiAttributes.USAGE_OUTPUT_TOKENS, facts.outputTokens());
        }
        if (!facts.finishReasons().isEmpty()) {
            span.setAttribute(GenAiAttributes.RESPONSE_FINISH_REASONS, facts.finishReasons());
        }
        if (captureContent && facts.outputContent() != null) {
            span.setAttribute(GenAiAttributes.OUTPUT_MESSAGES, ContentCapture.bounded(facts.outputContent()));
        }
    }

    /**
     * Named apart from the call span (which often has the same operation and model) so that a
     * trace view reads "chat gpt-4o" > "attempt openai", "attempt deepseek".
     */
    private void writeAttempt(GenAiAttemptScope attempt, Context parent, long callEndNanos) {
        SpanBuilder builder = tracer.spanBuilder("attempt " + attempt.provider.name())
                .setSpanKind(SpanKind.CLIENT)
                .setParent(parent)
                .setStartTimestamp(epoch.of(attempt.startNanos), TimeUnit.NANOSECONDS)
                .setAttribute(GenAiAttributes.OPERATION_NAME, attempt.operation)
                .setAttribute(GenAiAttributes.PROVIDER_NAME, ProviderNames.semconvName(attempt.provider))
                .setAttribute(GenAiAttributes.REQUEST_STREAM, attempt.stream);
        putIfPresent(builder, GenAiAttributes.REQUEST_MODEL, attempt.model);
        server(builder, attempt.provider);
        attemptFacts(attempt, builder);
        AttemptOutcome outcome = attempt.outcome();
        boolean failed = outcome != null && outcome != AttemptOutcome.SUCCESS && outcome != AttemptOutcome.HEDGE_LOST;
        if (failed) {
            builder.setAttribute(GenAiAttributes.ERROR_TYPE, statusSaysWhy(attempt) ? String.valueOf(attempt.status())
                    : attempt.error() != null ? attempt.error().getClass().getName() : outcome.token());
        }
        if (attempt.failsOver()) {
            builder.setAttribute(FailoverAttributes.FAILOVER_REASON, failoverReason(attempt));
        }
        if (attempt.wasHedged()) {
            builder.setAttribute(FailoverAttributes.HEDGED, true);
        }
        ids.next(null, attempt.spanId != null ? attempt.spanId : SpanIds.newSpanId());
        Span span = builder.startSpan();
        addEvents(span, attempt.events());
        long endNanos = attempt.isEnded() ? attempt.endNanos() : callEndNanos;
        if (attempt.error() != null) {
            addException(span, attempt.error(), endNanos);
        }
        if (failed) {
            span.setStatus(StatusCode.ERROR);
        }
        span.end(epoch.of(endNanos), TimeUnit.NANOSECONDS);
    }

    /** What an attempt's own span says of it. */
    private static void attemptFacts(GenAiAttemptScope attempt, SpanBuilder span) {
        span.setAttribute(FailoverAttributes.PROVIDER, attempt.provider.name())
                .setAttribute(FailoverAttributes.ATTEMPT, attempt.number)
                .setAttribute(FailoverAttributes.TRANSLATED, attempt.translated)
                .setAttribute(FailoverAttributes.TARGET_PROTOCOL, attempt.provider.protocol().configName())
                .setAttribute(FailoverAttributes.THROTTLE_DECISION, "allowed");
        onlyAttemptFacts(attempt, span);
    }

    /**
     * What the only attempt of a call adds to the call span: the rest (its provider, its number, no
     * translation, the throttle's yes) the call span says already, and every byte of a span is paid
     * for again by the exporter.
     */
    private static void onlyAttemptFacts(GenAiAttemptScope attempt, SpanBuilder span) {
        span.setAttribute(FailoverAttributes.BREAKER_STATE, attempt.breakerState);
        putIfPresent(span, FailoverAttributes.KEY_ID, attempt.keyId);
        putIfPresent(span, FailoverAttributes.DROPPED_FIELDS, attempt.droppedFields());
        putIfPresent(span, FailoverAttributes.DRILL, attempt.drill());
        if (attempt.status() > 0) {
            span.setAttribute(GenAiAttributes.HTTP_STATUS, attempt.status());
        }
        if (attempt.outcome() != null) {
            span.setAttribute(FailoverAttributes.OUTCOME, attempt.outcome().name().toLowerCase(Locale.ROOT));
        }
    }

    /** Why the call moved on from this attempt: its status, or the outcome's token when no status says it. */
    static String failoverReason(GenAiAttemptScope attempt) {
        return statusSaysWhy(attempt) ? String.valueOf(attempt.status()) : attempt.outcome().token();
    }

    /** A malformed answer came as a 200: its status says nothing. */
    private static boolean statusSaysWhy(GenAiAttemptScope attempt) {
        return attempt.status() > 0 && attempt.outcome() != AttemptOutcome.MALFORMED_ANSWER;
    }

    private void addEvents(Span span, List<RecordedEvent> events) {
        for (RecordedEvent event : events) {
            span.addEvent(event.name(), event.attributes(), epoch.of(event.nanoTime()), TimeUnit.NANOSECONDS);
        }
    }

    private void addException(Span span, Throwable error, long nanoTime) {
        StringWriter trace = new StringWriter();
        error.printStackTrace(new PrintWriter(trace));
        AttributesBuilder attributes = Attributes.builder()
                .put(EXCEPTION_TYPE, error.getClass().getName())
                .put(EXCEPTION_STACKTRACE, trace.toString());
        if (error.getMessage() != null) {
            attributes.put(EXCEPTION_MESSAGE, error.getMessage());
        }
        span.addEvent("exception", attributes.build(), epoch.of(nanoTime), TimeUnit.NANOSECONDS);
    }

    static void server(SpanBuilder span, Provider provider) {
        URI url = provider.baseUrl();
        putIfPresent(span, GenAiAttributes.SERVER_ADDRESS, url.getHost());
        span.setAttribute(GenAiAttributes.SERVER_PORT, port(url));
    }

    static long port(URI url) {
        return url.getPort() != -1 ? url.getPort() : "http".equalsIgnoreCase(url.getScheme()) ? 80 : 443;
    }

    private static void putIfPresent(SpanBuilder span, AttributeKey<String> key, String value) {
        if (value != null) {
            span.setAttribute(key, value);
        }
    }
}
