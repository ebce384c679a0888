package io.llmfailover.runtime.config;

import java.util.Map;

/**
 * The settings that shape traffic before a provider says slow down: what one call may spend, each
 * provider's quotas and context window, and the last-resort cache.
 *
 * @param limits by provider name; a provider without any is absent
 */
public record TrafficShaping(CallBudget budget, Map<String, ProviderLimits> limits, CacheSettings cache) {

    public static final TrafficShaping NONE = new TrafficShaping(CallBudget.UNLIMITED, Map.of(), CacheSettings.OFF);

    public TrafficShaping {
        limits = Map.copyOf(limits);
    }

    public ProviderLimits limitsOf(String provider) {
        return limits.getOrDefault(provider, ProviderLimits.NONE);
    }

    public TrafficShaping withBudget(CallBudget value) {
        return new TrafficShaping(value, limits, cache);
    }
}
