/**
 * The throttle of one provider and key ({@link io.llmfailover.runtime.resilience.throttle.Throttle}):
 * an AIMD limit on concurrent calls ({@link io.llmfailover.runtime.resilience.throttle.AimdLimit}),
 * whose slot is a lease reported exactly once, and a silence while the provider asked for quiet, read
 * from {@code Retry-After} and the rate-limit headers, each parsed with bounds and capped by
 * {@code throttle.max-silence}. Depends on the config, the contract's headers and the clock only.
 */
package io.llmfailover.runtime.resilience.throttle;
