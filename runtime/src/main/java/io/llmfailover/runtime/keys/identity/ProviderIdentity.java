package io.llmfailover.runtime.keys.identity;

import io.llmfailover.runtime.contract.LlmRequest;
import java.util.Map;

/**
 * A provider's own cloud identity, which authorises each request to it in place of a key: a SigV4
 * signature, a Google access token.
 */
public interface ProviderIdentity {

    /** Before the name of every identity's {@link #id()}. */
    String ID_PREFIX = "cloud:";

    /**
     * The headers that authorise {@code request}, exactly as it will be sent (a signature covers its
     * URL and body), in place of any credential it carries.
     *
     * @throws IdentityUnavailableException when no credential has been resolved yet (never waits for one)
     */
    Map<String, String> credentialFor(LlmRequest request) throws IdentityUnavailableException;

    /** A name for the identity that is no secret, for throttles, state and spans: {@link #ID_PREFIX} and its scheme. */
    String id();
}
