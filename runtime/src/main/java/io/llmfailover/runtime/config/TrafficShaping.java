package io.llmfailover.runtime.config;

import java.time.Duration;
import java.util.Map;

/**
 * The settings that shape traffic before a provider says slow down: what one call may spend, each
 * provider's quotas and context window, the last-resort cache, and the queue a call waits in.
 *
 * @param limits by provider name; a provider without any is absent
 * @param hedgeAfter {@code hedge.after}: how long a call's first attempt may go without content
 *     before the next step is sent alongside it; zero (the default) for never
 */
public record TrafficShaping(CallBudget budget, Map<String, ProviderLimits> limits, CacheSettings cache,
        QueueSettings queue, Duration hedgeAfter) {

    public static final TrafficShaping NONE = new TrafficShaping(CallBudget.UNLIMITED, Map.of(), CacheSettings.OFF);

    public TrafficShaping {
        limits = Map.copyOf(limits);
        queue = queue == null ? QueueSettings.OFF : queue;
        hedgeAfter = hedgeAfter == null ? Duration.ZERO : hedgeAfter;
    }

    /** Shaping without hedging. */
    public TrafficShaping(CallBudget budget, Map<String, ProviderLimits> limits, CacheSettings cache,
            QueueSettings queue) {
        this(budget, limits, cache, queue, Duration.ZERO);
    }

    /** Shaping without a queue. */
    public TrafficShaping(CallBudget budget, Map<String, ProviderLimits> limits, CacheSettings cache) {
        this(budget, limits, cache, QueueSettings.OFF);
    }

    public ProviderLimits limitsOf(String provider) {
        return limits.getOrDefault(provider, ProviderLimits.NONE);
    }

    public TrafficShaping withBudget(CallBudget value) {
        return new TrafficShaping(value, limits, cache, queue, hedgeAfter);
    }

    public TrafficShaping withQueue(QueueSettings value) {
        return new TrafficShaping(budget, limits, cache, value, hedgeAfter);
    }

    public TrafficShaping withHedgeAfter(Duration value) {
        return new TrafficShaping(budget, limits, cache, queue, value);
    }
}
