/**
 * Per-key quotas: requests and tokens per minute, configured ({@code rpm}, {@code tpm}) or learnt
 * from the provider's rate-limit headers, in token buckets ({@link io.llmfailover.runtime.resilience.quota.QuotaBook});
 * a call's tokens estimated before it is sent, charged as a lease given back when the attempt is never
 * sent, and settled on the answer's real usage. Depends on the config, the contract, the throttle's
 * rate-limit headers and key scopes, the usage scanner and the clock.
 */
package io.llmfailover.runtime.resilience.quota;
