package io.llmfailover.runtime.keys.google;

import com.google.auth.oauth2.AccessToken;
import java.time.Instant;

/**
 * An access token and the quota project its credentials name, if any (gcloud's user credentials
 * carry one, which Vertex AI wants as {@code x-goog-user-project}).
 */
record GoogleToken(AccessToken token, String quotaProject) {

    /** When the token expires; null when it does not say. */
    Instant expiry() {
        return token.getExpirationTime() == null ? null : token.getExpirationTime().toInstant();
    }

    @Override
    public String toString() {
        return "GoogleToken[quotaProject=" + quotaProject + "]"; // never the token
    }
}
