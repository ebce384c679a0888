package io.llmfailover.runtime.telemetry;

/** Why a provider of the chain was passed over without touching the network. */
public enum SkipReason {
    BREAKER_OPEN,
    SILENCED,
    OVER_LIMIT,
    /** Every key would overrun its requests or tokens per minute, configured or announced by the provider. */
    OVER_QUOTA,
    UNTRANSLATABLE,
    /** The request, as estimated, or as a provider with a smaller window refused it, does not fit this step's context window. */
    CONTEXT_WINDOW,
    /** The step's cloud identity has no credentials yet: they are being resolved in the background. */
    NO_CREDENTIALS
}
