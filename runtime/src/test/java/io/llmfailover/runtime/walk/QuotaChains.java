package io.llmfailover.runtime.walk;

import io.llmfailover.runtime.config.CacheSettings;
import io.llmfailover.runtime.config.CallBudget;
import io.llmfailover.runtime.config.FailoverConfig;
import io.llmfailover.runtime.config.ProviderLimits;
import io.llmfailover.runtime.config.TrafficShaping;
import io.llmfailover.runtime.provider.Provider;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@link Chains} whose providers have quotas ({@code provider.<name>.rpm}, {@code .tpm}); {@code backup} has two keys. */
final class QuotaChains {

    private QuotaChains() {}

    static Chains with(Map<String, ProviderLimits> limits, String... chain) {
        FailoverConfig config = Chains.config(chain);
        Map<String, Provider> providers = new LinkedHashMap<>(config.providers());
        Provider backup = providers.get("backup");
        providers.put("backup", new Provider("backup", backup.baseUrl(), backup.protocol(),
                List.of("backup-key-0", "backup-key-1"), Map.of("*", "backup-model")));
        return new Chains(new FailoverConfig(config.source(), providers, config.routes(), config.breaker(),
                config.throttle(), config.firstContentDeadline(), config.failoverOn(), config.defaultMaxTokens(),
                config.otel(), config.strict(), config.extra(), config.headDeadline(), config.bufferMaxBytes(),
                new TrafficShaping(CallBudget.UNLIMITED, limits, CacheSettings.OFF)));
    }

    static ProviderLimits rpm(int rpm) {
        return new ProviderLimits(rpm, 0, 0);
    }

    static ProviderLimits tpm(long tpm) {
        return new ProviderLimits(0, tpm, 0);
    }
}
