/**
 * The providers: one endpoint speaking one wire {@link io.llmfailover.runtime.provider.Protocol}
 * each, configured or well known without config
 * ({@link io.llmfailover.runtime.provider.WellKnownProviders}), and the
 * {@link io.llmfailover.runtime.provider.ProviderDirectory} that tells, on every request, whether it
 * goes to a provider's host and which. Depends on nothing else of the runtime.
 */
package io.llmfailover.runtime.provider;
