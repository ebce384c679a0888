package io.llmfailover.runtime.telemetry.otel;

import io.llmfailover.runtime.outcome.AttemptOutcome;
import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.telemetry.usage.ResponseFacts;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import java.util.HashMap;
import java.util.Map;

/**
 * Records a finished call's metric points, on the telemetry thread. The attribute sets are built
 * once per provider, model, operation and outcome and then reused; the cache is bounded, since
 * model names come from the app's requests.
 */
final class CallMetrics {

    /** Far more than the provider, model and error combinations of any real service. */
    static final int MAX_ATTRIBUTE_SETS = 1024;

    private final GenAiMetrics metrics;
    private final Map<Key, Attributes> attributeSets = new HashMap<>();

    CallMetrics(GenAiMetrics metrics) {
        this.metrics = metrics;
    }

    void record(GenAiCallScope call) {
        Provider provider = call.servedBy() != null ? call.servedBy() : call.call.addressed();
        String answeredBy = call.fromCache() ? FailoverAttributes.SERVED_BY_CACHE : provider.name();
        ResponseFacts facts = call.facts();
        String operation = call.call.source().operation().semanticName();
        String requestModel = call.call.source().model();
        String responseModel = facts == null ? null : facts.model();
        Attributes withOutcome = attributes(new Key(operation, provider.name(), answeredBy, requestModel, responseModel,
                call.errorType(), null), provider);
        metrics.operationDuration.record((call.endNanos() - call.startNanos) / 1e9, withOutcome);
        if (call.call.source().stream() && call.firstChunkNanos() >= 0) {
            metrics.timeToFirstChunk.record(call.firstChunkNanos() / 1e9, withOutcome);
        }
        if (facts != null && facts.inputTokens() != null) {
            metrics.tokenUsage.record(facts.inputTokens(),
                    attributes(new Key(operation, provider.name(), answeredBy, requestModel, responseModel, null, "input"), provider));
        }
        if (facts != null && facts.outputTokens() != null) {
            metrics.tokenUsage.record(facts.outputTokens(),
                    attributes(new Key(operation, provider.name(), answeredBy, requestModel, responseModel, null, "output"), provider));
        }
        for (GenAiAttemptScope attempt : call.attempts()) {
            if (attempt.failsOver()) {
                metrics.recordFailover(attempt.provider.name(), metricReason(attempt));
            }
        }
        if (call.fromCache()) {
            metrics.cacheAnswers.add(1, Attributes.of(FailoverAttributes.ADDRESSED_PROVIDER, call.call.addressed().name()));
        }
        if (call.queueWaitNanos() >= 0) {
            metrics.queueWait.record(call.queueWaitNanos() / 1e9,
                    Attributes.of(FailoverAttributes.ADDRESSED_PROVIDER, call.call.addressed().name()));
        }
    }

    private Attributes attributes(Key key, Provider provider) {
        Attributes cached = attributeSets.get(key);
        if (cached != null) {
            return cached;
        }
        Attributes built = key.build(provider);
        if (attributeSets.size() >= MAX_ATTRIBUTE_SETS) {
            attributeSets.clear();
        }
        attributeSets.put(key, built);
        return built;
    }

    /**
     * What a metric point's attributes depend on: the provider by its name, which is unique, or
     * {@code cache} for an answer from the last-resort cache (its semconv attributes then the provider's
     * whose answer it keeps, or the addressed one's).
     */
    private record Key(String operation, String providerName, String answeredBy, String requestModel,
            String responseModel, String errorType, String tokenType) {

        Attributes build(Provider provider) {
            AttributesBuilder common = Attributes.builder()
                    .put(GenAiAttributes.OPERATION_NAME, operation)
                    .put(FailoverAttributes.PROVIDER, answeredBy)
                    .put(GenAiAttributes.PROVIDER_NAME, ProviderNames.semconvName(provider))
                    .put(GenAiAttributes.SERVER_ADDRESS, String.valueOf(provider.baseUrl().getHost()))
                    .put(GenAiAttributes.SERVER_PORT, CallSpans.port(provider.baseUrl()));
            if (requestModel != null) {
                common.put(GenAiAttributes.REQUEST_MODEL, requestModel);
            }
            if (responseModel != null) {
                common.put(GenAiAttributes.RESPONSE_MODEL, responseModel);
            }
            if (errorType != null) {
                common.put(GenAiAttributes.ERROR_TYPE, errorType);
            }
            if (tokenType != null) {
                common.put(GenAiAttributes.TOKEN_TYPE, tokenType);
            }
            return common.build();
        }
    }

    /**
     * A failover's reason as the dashboards group it: a drill's injected fault is {@code drill} and a
     * spent quota ({@code insufficient_quota}) is {@code quota}, whatever their status; any other
     * is the attempt span's reason, its status or its outcome ({@code timeout}, {@code connect}).
     */
    static String metricReason(GenAiAttemptScope attempt) {
        if (attempt.drill() != null) {
            return "drill";
        }
        return attempt.outcome() == AttemptOutcome.QUOTA_EXHAUSTED ? "quota" : CallSpans.failoverReason(attempt);
    }
}
