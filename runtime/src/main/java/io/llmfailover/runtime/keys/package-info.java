/**
 * Credentials: which of a provider's keys an attempt uses ({@link io.llmfailover.runtime.keys.KeyPool},
 * round robin over keys whose throttle and quota allow the call), how the credential goes on the
 * attempt ({@link io.llmfailover.runtime.keys.Credentials}: the app's own only ever to the origin it
 * addressed, a fallback's key only to that fallback, or a provider's cloud identity's signature or
 * token, {@link io.llmfailover.runtime.keys.ProviderIdentities}), and the non-secret ids of keys and of the app's
 * credential that state, logs and spans use instead of the secret. Depends on the config, the
 * providers, the contract, the throttle and quota packages, the state and telemetry's skip reasons.
 */
package io.llmfailover.runtime.keys;
