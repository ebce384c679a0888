package io.llmfailover.runtime.gateway;

import io.llmfailover.runtime.config.FailoverConfig;
import io.llmfailover.runtime.config.ProviderLimits;
import io.llmfailover.runtime.resilience.queue.CallQueue;
import io.llmfailover.runtime.state.ResilienceState;
import io.llmfailover.runtime.telemetry.StateReadings;
import java.util.LinkedHashMap;
import java.util.Map;

/** One gateway's state as its metrics read it: its queue, its resilience state, its configured token rates. */
record GatewayStateReadings(CallQueue queue, ResilienceState state, Map<String, Long> tokensPerMinute)
        implements StateReadings {

    GatewayStateReadings {
        tokensPerMinute = Map.copyOf(tokensPerMinute);
    }

    static GatewayStateReadings of(FailoverConfig config, CallQueue queue, ResilienceState state) {
        Map<String, Long> tpm = new LinkedHashMap<>();
        for (String provider : config.providers().keySet()) {
            ProviderLimits limits = config.shaping().limitsOf(provider);
            if (limits.tpm() > 0) {
                tpm.put(provider, limits.tpm());
            }
        }
        return new GatewayStateReadings(queue, state, tpm);
    }

    @Override
    public int queueLength() {
        return queue.length();
    }

    @Override
    public int instances() {
        return state.instances();
    }

    @Override
    public String stateBackend() {
        return state.backend();
    }

    @Override
    public boolean stateReachable() {
        return state.reachable();
    }
}
