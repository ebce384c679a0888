package io.llmfailover.runtime.telemetry.otel;

import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.outcome.AttemptOutcome;
import io.llmfailover.runtime.protocol.translate.TargetRequest;
import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.resilience.breaker.BreakerState;
import io.llmfailover.runtime.telemetry.AttemptScope;
import io.opentelemetry.api.common.Attributes;
import java.util.ArrayList;
import java.util.List;

/**
 * One attempt, as it happened: which provider and model were tried, with which key (its id, never
 * the key), whether the request was translated, and how it ended. Plain fields on the caller's
 * thread; the telemetry thread writes its span (see {@link CallSpans}). The first attempt carries
 * the call span's id as {@code traceparent}, since a call that needs no second attempt gets one
 * span; every later one has an id of its own.
 */
final class GenAiAttemptScope implements AttemptScope {

    final GenAiCallScope call;
    final int number;
    final Provider provider;
    final String operation;
    final String model;
    final boolean stream;
    final boolean translated;
    final String keyId;
    final String breakerState;
    final long startNanos;
    /** Null for the first attempt until its span is written: it sent the call span's id. */
    final String spanId;

    private String droppedFields;
    private boolean hedged;
    private String drill;
    private List<RecordedEvent> events;
    private volatile boolean ended;
    private long endNanos;
    private int status;
    private AttemptOutcome outcome;
    private boolean failsOver;
    private Throwable error;

    GenAiAttemptScope(GenAiCallScope call, int number, Provider provider, TargetRequest target, boolean translated,
            String keyId, BreakerState breakerState) {
        this.call = call;
        this.number = number;
        this.provider = provider;
        this.operation = target.operation().semanticName();
        this.model = target.model();
        this.stream = target.stream();
        this.translated = translated;
        this.keyId = keyId;
        this.breakerState = ResilienceGauges.stateName(breakerState);
        this.startNanos = call.observer().clock.nanoTime();
        this.spanId = number == 1 ? null : SpanIds.newSpanId();
    }

    @Override
    public HttpHeaders traceHeaders(LlmRequest request) {
        return TraceContextHeaders.of(call.traceId(), spanId != null ? spanId : call.spanId(), call.sampled(), request);
    }

    @Override
    public void translationDropped(List<String> fields) {
        if (!fields.isEmpty()) {
            droppedFields = String.join(",", fields);
        }
    }

    @Override
    public void hedged() {
        hedged = true;
    }

    @Override
    public void drilled(String fault) {
        drill = fault;
    }

    @Override
    public void ended(int status, AttemptOutcome outcome, boolean failsOver, Throwable error) {
        if (ended) {
            return;
        }
        this.endNanos = call.observer().clock.nanoTime();
        this.status = status;
        this.outcome = outcome;
        this.failsOver = failsOver;
        this.error = error;
        ended = true;
    }

    /** A breaker or throttle event this attempt caused. */
    void addEvent(String name, Attributes attributes) {
        if (events == null) {
            events = new ArrayList<>(2);
        }
        events.add(new RecordedEvent(name, call.observer().clock.nanoTime(), attributes));
    }

    boolean isEnded() {
        return ended;
    }

    boolean wasHedged() {
        return hedged;
    }

    /** The drill's fault injected into this attempt, or null. */
    String drill() {
        return drill;
    }

    String droppedFields() {
        return droppedFields;
    }

    List<RecordedEvent> events() {
        return events == null ? List.of() : events;
    }

    long endNanos() {
        return endNanos;
    }

    int status() {
        return status;
    }

    AttemptOutcome outcome() {
        return outcome;
    }

    boolean failsOver() {
        return failsOver;
    }

    Throwable error() {
        return error;
    }
}
