package io.llmfailover.runtime.telemetry.otel;

import io.llmfailover.runtime.call.GovernedCall;
import io.llmfailover.runtime.http.LlmResponse;
import io.llmfailover.runtime.log.OnceLogger;
import io.llmfailover.runtime.protocol.translate.TargetRequest;
import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.route.Route;
import io.llmfailover.runtime.telemetry.AttemptScope;
import io.llmfailover.runtime.telemetry.CallScope;
import io.llmfailover.runtime.telemetry.SkipReason;
import io.llmfailover.runtime.telemetry.usage.ResponseFacts;
import io.llmfailover.runtime.telemetry.usage.UsageScanner;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Context;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One logical call's span, from the app's request until the app has read (or closed) the answer's
 * body, or at once when the answer is an error. Every method swallows its own failures: telemetry
 * never changes what the app gets.
 */
final class GenAiCallScope implements CallScope {

    private static final Logger LOG = LoggerFactory.getLogger("io.llmfailover.failover");

    private final GenAiObserver observer;
    private final GovernedCall call;
    private final Span span;
    private final long startNanos;
    private final GenAiCallScope enclosing;
    private final AtomicBoolean ended = new AtomicBoolean();

    private int attempts;
    private GenAiAttemptScope currentAttempt;
    private Provider servedBy;
    private long firstChunkNanos = -1;

    private GenAiCallScope(GenAiObserver observer, GovernedCall call, Span span, long startNanos) {
        this.observer = observer;
        this.call = call;
        this.span = span;
        this.startNanos = startNanos;
        this.enclosing = ActiveCall.enter(this);
    }

    static GenAiCallScope start(GenAiObserver observer, GovernedCall call, Route route, SpanContext appParent) {
        long startNanos = observer.clock.nanoTime();
        String operation = call.source().operation().semanticName();
        String model = call.source().model();
        Provider addressed = call.addressed();
        Span span = observer.tracer.spanBuilder(model == null ? operation : operation + " " + model)
                .setSpanKind(SpanKind.CLIENT)
                .setParent(appParent.isValid() ? Context.root().with(Span.wrap(appParent)) : Context.root())
                .setAttribute(GenAiAttributes.OPERATION_NAME, operation)
                .setAttribute(GenAiAttributes.PROVIDER_NAME, ProviderNames.semconvName(addressed))
                .setAttribute(GenAiAttributes.REQUEST_STREAM, call.source().stream())
                .setAttribute(FailoverAttributes.ADDRESSED_PROVIDER, addressed.name())
                .setAttribute(FailoverAttributes.ROUTE, route.name())
                .startSpan();
        if (model != null) {
            span.setAttribute(GenAiAttributes.REQUEST_MODEL, model);
        }
        setServer(span, addressed);
        if (observer.captureContent) {
            ContentCapture.recordInput(span, call.source().body());
        }
        return new GenAiCallScope(observer, call, span, startNanos);
    }

    @Override
    public void skipped(Provider provider, String model, SkipReason reason, long nanosUntilAllowed) {
        try {
            AttributesBuilder event = Attributes.builder()
                    .put(FailoverAttributes.PROVIDER, provider.name())
                    .put(FailoverAttributes.SKIP_REASON, reason.name().toLowerCase(Locale.ROOT))
                    .put(FailoverAttributes.WAIT_SECONDS, nanosUntilAllowed / 1e9);
            if (model != null) {
                event.put(GenAiAttributes.REQUEST_MODEL, model);
            }
            switch (reason) {
                case BREAKER_OPEN -> event.put(FailoverAttributes.BREAKER_STATE, "open");
                case SILENCED -> event.put(FailoverAttributes.THROTTLE_DECISION, "silenced");
                case OVER_LIMIT -> event.put(FailoverAttributes.THROTTLE_DECISION, "over_limit");
                case OVER_QUOTA -> event.put(FailoverAttributes.THROTTLE_DECISION, "over_quota");
                case UNTRANSLATABLE -> { }
            }
            span.addEvent(FailoverAttributes.EVENT_SKIPPED, event.build());
            LOG.debug("llm-failover: skipped {} ({})", provider.name(), reason);
        } catch (RuntimeException internal) {
            OnceLogger.internalFailure("recording a skipped provider", internal);
        }
    }

    @Override
    public AttemptScope attemptStarted(int number, Provider provider, TargetRequest target, boolean translated,
            String keyId) {
        try {
            attempts = number;
            currentAttempt = GenAiAttemptScope.start(this, number, provider, target, translated, keyId);
            return currentAttempt;
        } catch (RuntimeException internal) {
            OnceLogger.internalFailure("starting an attempt span", internal);
            return AttemptScope.NOOP;
        }
    }

    @Override
    public void servedFromCache() {
        span.setAttribute(FailoverAttributes.SERVED_BY, FailoverAttributes.SERVED_BY_CACHE);
    }

    @Override
    public void queued(long waitedNanos) {
        try {
            span.setAttribute(FailoverAttributes.QUEUE_WAIT_MS, TimeUnit.NANOSECONDS.toMillis(waitedNanos));
            observer.metrics.queueWait.record(waitedNanos / 1e9,
                    Attributes.of(FailoverAttributes.ADDRESSED_PROVIDER, call.addressed().name()));
        } catch (RuntimeException internal) {
            OnceLogger.internalFailure("recording a queue wait", internal);
        }
    }

    @Override
    public LlmResponse answered(LlmResponse response, Provider servedBy) {
        try {
            leave();
            this.servedBy = servedBy;
            span.setAttribute(FailoverAttributes.ATTEMPTS, attempts);
            if (servedBy != null) {
                span.setAttribute(FailoverAttributes.SERVED_BY, servedBy.name());
                span.setAttribute(FailoverAttributes.FAILED_OVER, !servedBy.equals(call.addressed()));
                span.setAttribute(GenAiAttributes.PROVIDER_NAME, ProviderNames.semconvName(servedBy));
                setServer(span, servedBy);
            }
            if (response.status() >= 400) {
                end(null, String.valueOf(response.status()), false);
                return response;
            }
            return new ObservedResponse(response, this,
                    UsageScanner.forResponse(response.headers(), observer.captureContent));
        } catch (RuntimeException internal) {
            OnceLogger.internalFailure("observing an answer", internal);
            return response;
        }
    }

    @Override
    public void failed(Throwable error) {
        try {
            leave();
            span.recordException(error);
            end(null, error.getClass().getName(), false);
        } catch (RuntimeException internal) {
            OnceLogger.internalFailure("recording a failed call", internal);
        }
    }

    /** The first body bytes reached the app. */
    void firstChunk() {
        if (firstChunkNanos < 0) {
            firstChunkNanos = observer.clock.nanoTime() - startNanos;
        }
    }

    /** The body was read to its end, closed, or broke: the call is over. */
    void bodyDone(ResponseFacts facts, Throwable error, boolean closedEarly) {
        try {
            if (error != null) {
                span.recordException(error);
            }
            end(facts, error == null ? null : error.getClass().getName(), closedEarly);
        } catch (RuntimeException internal) {
            OnceLogger.internalFailure("ending a call span", internal);
        }
    }

    Span currentSpan() {
        GenAiAttemptScope attempt = currentAttempt;
        return attempt != null && !attempt.isEnded() ? attempt.span() : span;
    }

    Span span() {
        return span;
    }

    GenAiObserver observer() {
        return observer;
    }

    GovernedCall call() {
        return call;
    }

    /** Counted here; the failover's log line is the walk's own, written with telemetry on or off. */
    void failedOver(GenAiAttemptScope attempt) {
        observer.metrics.recordFailover(attempt.providerName(), attempt.failoverReason());
    }

    private void leave() {
        ActiveCall.exit(this, enclosing);
    }

    private void end(ResponseFacts facts, String errorType, boolean closedEarly) {
        if (!ended.compareAndSet(false, true)) {
            return;
        }
        long durationNanos = observer.clock.nanoTime() - startNanos;
        if (facts != null) {
            recordFacts(facts);
        }
        if (closedEarly) {
            span.setAttribute(FailoverAttributes.BODY_CLOSED_EARLY, true);
        }
        boolean streamed = call.source().stream();
        if (streamed && firstChunkNanos >= 0) {
            span.setAttribute(GenAiAttributes.RESPONSE_TIME_TO_FIRST_CHUNK, firstChunkNanos / 1e9);
        }
        if (errorType != null) {
            span.setAttribute(GenAiAttributes.ERROR_TYPE, errorType);
            span.setStatus(StatusCode.ERROR);
        }
        span.end();
        recordMetrics(facts, errorType, durationNanos, streamed);
    }

    private void recordFacts(ResponseFacts facts) {
        if (facts.model() != null) {
            span.setAttribute(GenAiAttributes.RESPONSE_MODEL, facts.model());
        }
        if (facts.id() != null) {
            span.setAttribute(GenAiAttributes.RESPONSE_ID, facts.id());
        }
        if (facts.inputTokens() != null) {
            span.setAttribute(GenAiAttributes.USAGE_INPUT_TOKENS, facts.inputTokens());
        }
        if (facts.outputTokens() != null) {
            span.setAttribute(GenAiAttributes.USAGE_OUTPUT_TOKENS, facts.outputTokens());
        }
        if (!facts.finishReasons().isEmpty()) {
            span.setAttribute(GenAiAttributes.RESPONSE_FINISH_REASONS, facts.finishReasons());
        }
        if (observer.captureContent && facts.outputContent() != null) {
            span.setAttribute(GenAiAttributes.OUTPUT_MESSAGES, ContentCapture.bounded(facts.outputContent()));
        }
    }

    private void recordMetrics(ResponseFacts facts, String errorType, long durationNanos, boolean streamed) {
        Provider provider = servedBy != null ? servedBy : call.addressed();
        AttributesBuilder common = Attributes.builder()
                .put(GenAiAttributes.OPERATION_NAME, call.source().operation().semanticName())
                .put(GenAiAttributes.PROVIDER_NAME, ProviderNames.semconvName(provider))
                .put(GenAiAttributes.SERVER_ADDRESS, String.valueOf(provider.baseUrl().getHost()))
                .put(GenAiAttributes.SERVER_PORT, port(provider.baseUrl()));
        if (call.source().model() != null) {
            common.put(GenAiAttributes.REQUEST_MODEL, call.source().model());
        }
        if (facts != null && facts.model() != null) {
            common.put(GenAiAttributes.RESPONSE_MODEL, facts.model());
        }
        Attributes usageAttributes = common.build();
        if (errorType != null) {
            common.put(GenAiAttributes.ERROR_TYPE, errorType);
        }
        Attributes attributes = common.build();
        GenAiMetrics metrics = observer.metrics;
        metrics.operationDuration.record(durationNanos / 1e9, attributes);
        if (streamed && firstChunkNanos >= 0) {
            metrics.timeToFirstChunk.record(firstChunkNanos / 1e9, attributes);
        }
        if (facts != null && facts.inputTokens() != null) {
            metrics.tokenUsage.record(facts.inputTokens(),
                    usageAttributes.toBuilder().put(GenAiAttributes.TOKEN_TYPE, "input").build());
        }
        if (facts != null && facts.outputTokens() != null) {
            metrics.tokenUsage.record(facts.outputTokens(),
                    usageAttributes.toBuilder().put(GenAiAttributes.TOKEN_TYPE, "output").build());
        }
    }

    static void setServer(Span span, Provider provider) {
        java.net.URI url = provider.baseUrl();
        if (url.getHost() != null) {
            span.setAttribute(GenAiAttributes.SERVER_ADDRESS, url.getHost());
        }
        span.setAttribute(GenAiAttributes.SERVER_PORT, port(url));
    }

    private static long port(java.net.URI url) {
        return url.getPort() != -1 ? url.getPort() : "http".equalsIgnoreCase(url.getScheme()) ? 80 : 443;
    }
}
