package io.llmfailover.runtime.telemetry.otel;

import io.llmfailover.runtime.call.RecognizedCall;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.log.OnceLogger;
import io.llmfailover.runtime.protocol.translate.TargetRequest;
import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.resilience.breaker.BreakerState;
import io.llmfailover.runtime.route.Route;
import io.llmfailover.runtime.telemetry.AttemptScope;
import io.llmfailover.runtime.telemetry.CallScope;
import io.llmfailover.runtime.telemetry.SkipReason;
import io.llmfailover.runtime.telemetry.usage.ResponseFacts;
import io.llmfailover.runtime.telemetry.usage.UsageScanner;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.trace.SpanContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One logical call, from the app's request until the app has read (or closed) the answer's body,
 * or at once when the answer is an error: what happened, noted in plain fields on the caller's
 * thread. When it ends it is handed to the telemetry thread, which writes its spans and metric
 * points ({@link TelemetryExport}); so a call costs its caller no OpenTelemetry work at all, and
 * does not wait for the SDK to start. Every method swallows its own failures: telemetry never
 * changes what the app gets.
 */
final class GenAiCallScope implements CallScope {

    private static final Logger LOG = LoggerFactory.getLogger("io.llmfailover.failover");

    private final GenAiObserver observer;
    final RecognizedCall call;
    final String routeName;
    final SpanContext appParent;
    private final String traceId;
    private final String spanId;
    final long startNanos;
    private final GenAiCallScope enclosing;
    private final AtomicBoolean ended = new AtomicBoolean();
    private volatile boolean walked;

    private final List<GenAiAttemptScope> attempts = new ArrayList<>(2);
    private List<RecordedEvent> events;
    private Provider servedBy;
    private boolean fromCache;
    private String resumesFrom;
    private long queueWaitNanos = -1;
    private long firstChunkNanos = -1;

    private long endNanos;
    private ResponseFacts facts;
    private String errorType;
    private Throwable error;
    private boolean closedEarly;

    GenAiCallScope(GenAiObserver observer, RecognizedCall call, Route route, SpanContext appParent) {
        this.observer = observer;
        this.call = call;
        this.routeName = route.name();
        this.appParent = appParent;
        this.traceId = appParent.isValid() ? appParent.getTraceId() : SpanIds.newTraceId();
        this.spanId = SpanIds.newSpanId();
        this.startNanos = observer.clock.nanoTime();
        this.enclosing = ActiveCall.enter(this);
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
            addCallEvent(FailoverAttributes.EVENT_SKIPPED, event.build());
            LOG.debug("llm-failover: skipped {} ({})", provider.name(), reason);
        } catch (RuntimeException internal) {
            OnceLogger.internalFailure("recording a skipped provider", internal);
        }
    }

    @Override
    public AttemptScope attemptStarted(int number, Provider provider, TargetRequest target, boolean translated,
            String keyId, BreakerState breakerState) {
        try {
            GenAiAttemptScope attempt = new GenAiAttemptScope(this, number, provider, target, translated, keyId,
                    breakerState);
            attempts.add(attempt);
            return attempt;
        } catch (RuntimeException internal) {
            OnceLogger.internalFailure("starting an attempt span", internal);
            return AttemptScope.NOOP;
        }
    }

    @Override
    public void resumes(String brokenProvider) {
        resumesFrom = brokenProvider;
    }

    @Override
    public void servedFromCache() {
        fromCache = true;
    }

    @Override
    public void queued(long waitedNanos) {
        queueWaitNanos = waitedNanos;
    }

    @Override
    public LlmResponse answered(LlmResponse response, Provider servedBy) {
        try {
            leave();
            this.servedBy = servedBy;
            if (response.status() >= 400) {
                end(null, String.valueOf(response.status()), null, false);
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
            end(null, error.getClass().getName(), error, false);
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
            end(facts, error == null ? null : error.getClass().getName(), error, closedEarly);
        } catch (RuntimeException internal) {
            OnceLogger.internalFailure("ending a call span", internal);
        }
    }

    /**
     * A breaker or throttle event caused on this call's thread: on the attempt in flight, else on
     * the call.
     */
    void addEvent(String name, Attributes attributes) {
        GenAiAttemptScope attempt = lastAttempt();
        if (attempt != null && !attempt.isEnded()) {
            attempt.addEvent(name, attributes);
        } else {
            addCallEvent(name, attributes);
        }
    }

    private void addCallEvent(String name, Attributes attributes) {
        if (events == null) {
            events = new ArrayList<>(2);
        }
        events.add(new RecordedEvent(name, observer.clock.nanoTime(), attributes));
    }

    private GenAiAttemptScope lastAttempt() {
        return attempts.isEmpty() ? null : attempts.get(attempts.size() - 1);
    }

    GenAiObserver observer() {
        return observer;
    }

    @Override
    public String traceId() {
        return traceId;
    }

    @Override
    public String spanId() {
        return spanId;
    }

    /** What {@code traceparent} says of sampling: the app's decision when the call is part of its trace. */
    boolean sampled() {
        return !appParent.isValid() || appParent.isSampled();
    }

    /**
     * The walk is over: what it noted (attempts, events) was written on its thread, and this
     * volatile write publishes it to whichever thread ends the call (the one reading the body).
     */
    private void leave() {
        ActiveCall.exit(this, enclosing);
        walked = true;
    }

    private void end(ResponseFacts facts, String errorType, Throwable error, boolean closedEarly) {
        if (!walked || !ended.compareAndSet(false, true)) {
            return;
        }
        this.endNanos = observer.clock.nanoTime();
        this.facts = facts;
        this.errorType = errorType;
        this.error = error;
        this.closedEarly = closedEarly;
        observer.export.submit(this);
    }

    // Read by the telemetry thread, after the hand-over.

    List<GenAiAttemptScope> attempts() {
        return attempts;
    }

    List<RecordedEvent> events() {
        return events == null ? List.of() : List.copyOf(events);
    }

    Provider servedBy() {
        return servedBy;
    }

    /** The provider whose broken stream this call finishes, or null. */
    String resumesFrom() {
        return resumesFrom;
    }

    boolean fromCache() {
        return fromCache;
    }

    long queueWaitNanos() {
        return queueWaitNanos;
    }

    long firstChunkNanos() {
        return firstChunkNanos;
    }

    long endNanos() {
        return endNanos;
    }

    ResponseFacts facts() {
        return facts;
    }

    String errorType() {
        return errorType;
    }

    Throwable error() {
        return error;
    }

    boolean closedEarly() {
        return closedEarly;
    }
}
