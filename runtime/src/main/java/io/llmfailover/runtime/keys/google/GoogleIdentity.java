package io.llmfailover.runtime.keys.google;

import com.google.auth.oauth2.AccessToken;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.keys.identity.IdentityUnavailableException;
import io.llmfailover.runtime.keys.identity.ProviderIdentity;
import io.llmfailover.runtime.keys.identity.RefreshedCredential;
import java.util.Map;

/** Authorises each request with an OAuth access token of Google's Application Default Credentials. */
public final class GoogleIdentity implements ProviderIdentity {

    private final RefreshedCredential<AccessToken> tokens;

    GoogleIdentity(RefreshedCredential<AccessToken> tokens) {
        this.tokens = tokens;
    }

    /** The process's Application Default Credentials, their token renewed in the background. */
    public static ProviderIdentity fromApplicationDefault() {
        return new GoogleIdentity(GoogleAccessTokens.shared());
    }

    @Override
    public Map<String, String> credentialFor(LlmRequest request) throws IdentityUnavailableException {
        AccessToken token = tokens.current();
        if (token == null) {
            throw new IdentityUnavailableException("no Google access token yet (Application Default Credentials are "
                    + "looked up in the background)");
        }
        return Map.of("Authorization", "Bearer " + token.getTokenValue());
    }

    @Override
    public String id() {
        return "cloud:google";
    }

    @Override
    public String toString() {
        return "GoogleIdentity"; // never the token
    }
}
