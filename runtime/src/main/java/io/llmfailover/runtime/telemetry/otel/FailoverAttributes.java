package io.llmfailover.runtime.telemetry.otel;

import io.opentelemetry.api.common.AttributeKey;

/** The project's own span, event and metric attributes: all under the one prefix {@code llm_failover.}. */
final class FailoverAttributes {

    /** The provider's name in the config, next to gen_ai.provider.name which is its semconv name. */
    static final AttributeKey<String> PROVIDER = AttributeKey.stringKey("llm_failover.provider");
    static final AttributeKey<String> ADDRESSED_PROVIDER = AttributeKey.stringKey("llm_failover.addressed_provider");
    static final AttributeKey<String> SERVED_BY = AttributeKey.stringKey("llm_failover.served_by");
    /** {@link #SERVED_BY} of an answer replayed from the last-resort cache. */
    static final String SERVED_BY_CACHE = "cache";
    static final AttributeKey<String> ROUTE = AttributeKey.stringKey("llm_failover.route");
    static final AttributeKey<Long> ATTEMPT = AttributeKey.longKey("llm_failover.attempt");
    static final AttributeKey<Long> ATTEMPTS = AttributeKey.longKey("llm_failover.attempts");
    static final AttributeKey<String> OUTCOME = AttributeKey.stringKey("llm_failover.outcome");
    static final AttributeKey<String> FAILOVER_REASON = AttributeKey.stringKey("llm_failover.failover.reason");
    static final AttributeKey<Boolean> FAILED_OVER = AttributeKey.booleanKey("llm_failover.failed_over");
    static final AttributeKey<String> BREAKER_STATE = AttributeKey.stringKey("llm_failover.breaker.state");
    static final AttributeKey<String> BREAKER_FROM = AttributeKey.stringKey("llm_failover.breaker.from");
    static final AttributeKey<String> BREAKER_TO = AttributeKey.stringKey("llm_failover.breaker.to");
    static final AttributeKey<String> THROTTLE_DECISION = AttributeKey.stringKey("llm_failover.throttle.decision");
    static final AttributeKey<String> SKIP_REASON = AttributeKey.stringKey("llm_failover.skip.reason");
    static final AttributeKey<Double> WAIT_SECONDS = AttributeKey.doubleKey("llm_failover.wait_seconds");
    static final AttributeKey<String> SILENCE_REASON = AttributeKey.stringKey("llm_failover.silence.reason");
    static final AttributeKey<String> SILENCED_UNTIL = AttributeKey.stringKey("llm_failover.silenced_until");
    static final AttributeKey<Boolean> TRANSLATED = AttributeKey.booleanKey("llm_failover.translated");
    /** On a call span: how long the call waited in the queue before it was sent or gave up. */
    static final AttributeKey<Long> QUEUE_WAIT_MS = AttributeKey.longKey("llm_failover.queue.wait_ms");
    /** On an attempt sent alongside the call's first because that one had no content after {@code hedge.after}. */
    static final AttributeKey<Boolean> HEDGED = AttributeKey.booleanKey("llm_failover.hedged");
    /** The fault a drill injected into the attempt ({@code 429}, {@code hang}, {@code latency=2s}): never a real provider's. */
    static final AttributeKey<String> DRILL = AttributeKey.stringKey("llm_failover.drill");
    /** On the call that finished a broken stream ({@code stream.resume}): the provider whose stream broke. */
    static final AttributeKey<String> RESUMED_FROM = AttributeKey.stringKey("llm_failover.stream.resumed_from");
    static final AttributeKey<String> TARGET_PROTOCOL = AttributeKey.stringKey("llm_failover.protocol");
    /** A non-secret name for the credential used ({@code key:3f2a9c0d1e4b5a69}, {@code app}); never the key itself. */
    static final AttributeKey<String> KEY_ID = AttributeKey.stringKey("llm_failover.key_id");
    static final AttributeKey<String> DROPPED_FIELDS =
            AttributeKey.stringKey("llm_failover.translation.dropped_fields");
    static final AttributeKey<Boolean> BODY_CLOSED_EARLY = AttributeKey.booleanKey("llm_failover.body.closed_early");

    static final String EVENT_SKIPPED = "llm_failover.provider.skipped";
    static final String EVENT_BREAKER_TRANSITION = "llm_failover.breaker.transition";
    static final String EVENT_SILENCED = "llm_failover.throttle.silenced";

    private FailoverAttributes() {}
}
