package io.llmfailover.runtime.keys.google;

import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.keys.identity.IdentityUnavailableException;
import io.llmfailover.runtime.keys.identity.ProviderIdentity;
import io.llmfailover.runtime.keys.identity.RefreshedCredential;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Authorises each request with an OAuth access token of Google's Application Default Credentials,
 * and the quota project they name, if any.
 */
public final class GoogleIdentity implements ProviderIdentity {

    private final RefreshedCredential<GoogleToken> tokens;

    GoogleIdentity(RefreshedCredential<GoogleToken> tokens) {
        this.tokens = tokens;
    }

    /** The process's Application Default Credentials, their token renewed in the background. */
    public static ProviderIdentity fromApplicationDefault() {
        return new GoogleIdentity(GoogleAccessTokens.shared());
    }

    @Override
    public Map<String, String> credentialFor(LlmRequest request) throws IdentityUnavailableException {
        GoogleToken token = tokens.current();
        if (token == null) {
            throw new IdentityUnavailableException("no Google access token yet (Application Default Credentials are "
                    + "looked up in the background)");
        }
        Map<String, String> credential = new LinkedHashMap<>();
        credential.put("Authorization", "Bearer " + token.token().getTokenValue());
        if (token.quotaProject() != null) {
            credential.put("x-goog-user-project", token.quotaProject());
        }
        return credential;
    }

    @Override
    public String id() {
        return ID_PREFIX + "google";
    }

    @Override
    public String toString() {
        return "GoogleIdentity"; // never the token
    }
}
