/**
 * Cloud identities: what a provider reached without a key authorises its requests with
 * ({@link io.llmfailover.runtime.keys.identity.ProviderIdentity}), and the credential behind it,
 * resolved and renewed off the call path ({@link io.llmfailover.runtime.keys.identity.RefreshedCredential}).
 * The clouds' own, in {@code keys.aws} and {@code keys.google}, are loaded only when configured.
 */
package io.llmfailover.runtime.keys.identity;
