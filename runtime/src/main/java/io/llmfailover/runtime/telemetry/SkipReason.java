package io.llmfailover.runtime.telemetry;

/** Why a provider of the chain was passed over without touching the network. */
public enum SkipReason {
    BREAKER_OPEN,
    SILENCED,
    OVER_LIMIT,
    /** Every key would overrun its requests or tokens per minute, configured or announced by the provider. */
    OVER_QUOTA,
    UNTRANSLATABLE
}
