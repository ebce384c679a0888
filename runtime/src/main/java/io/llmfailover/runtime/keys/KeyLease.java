package io.llmfailover.runtime.keys;

import io.llmfailover.runtime.resilience.throttle.Throttle;

/**
 * The credential chosen for one attempt and the throttle it counts against.
 *
 * @param key the provider's own key, or null when the app's credential is kept
 * @param keyId a non-secret name for the credential, for state keys and spans
 */
public record KeyLease(String key, String keyId, Throttle throttle) {

    @Override
    public String toString() {
        // Never the key.
        return "KeyLease[" + keyId + "]";
    }
}
