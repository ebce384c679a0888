/**
 * Where breakers and throttles live, keyed by provider and model, and by provider and key
 * ({@link io.llmfailover.runtime.state.ResilienceState}): in this JVM by default
 * ({@link io.llmfailover.runtime.state.LocalResilienceState}), bounded whatever names callers send,
 * or kept in step with a fleet ({@code state.fleet}). Depends on the config and the resilience
 * packages.
 */
package io.llmfailover.runtime.state;
