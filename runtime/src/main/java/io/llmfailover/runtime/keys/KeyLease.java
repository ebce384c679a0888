package io.llmfailover.runtime.keys;

import io.llmfailover.runtime.keys.identity.ProviderIdentity;
import io.llmfailover.runtime.resilience.throttle.Throttle;

/**
 * The credential chosen for one attempt and the throttle it counts against.
 *
 * @param key the provider's own key, or null when the app's credential is kept or an identity authorises
 * @param keyId a non-secret name for the credential, for state keys and spans
 * @param identity the provider's cloud identity, which authorises the attempt once it is built; null
 *     for a provider of keys
 */
public record KeyLease(String key, String keyId, Throttle throttle, ProviderIdentity identity) {

    /** A key's lease, or the app credential's when {@code key} is null. */
    public KeyLease(String key, String keyId, Throttle throttle) {
        this(key, keyId, throttle, null);
    }

    @Override
    public String toString() {
        // Never the key.
        return "KeyLease[" + keyId + "]";
    }
}
