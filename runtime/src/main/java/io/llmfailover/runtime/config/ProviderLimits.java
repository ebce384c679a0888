package io.llmfailover.runtime.config;

/**
 * What a provider's keys may take, as the operator knows it: {@code provider.<name>.rpm} requests
 * and {@code .tpm} tokens per minute per key, and {@code .context-window}, the most tokens (input
 * plus output) one call may use. 0 where not set.
 */
public record ProviderLimits(int rpm, long tpm, int contextWindow) {

    public static final ProviderLimits NONE = new ProviderLimits(0, 0, 0);

    public ProviderLimits {
        if (rpm < 0 || tpm < 0 || contextWindow < 0) {
            throw new IllegalArgumentException("limits must not be negative: rpm " + rpm + ", tpm " + tpm
                    + ", context-window " + contextWindow);
        }
    }

    public boolean hasQuota() {
        return rpm > 0 || tpm > 0;
    }
}
