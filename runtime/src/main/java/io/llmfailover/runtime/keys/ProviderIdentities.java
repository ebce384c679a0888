package io.llmfailover.runtime.keys;

import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.keys.aws.SigV4Identity;
import io.llmfailover.runtime.keys.google.GoogleIdentity;
import io.llmfailover.runtime.keys.identity.IdentityUnavailableException;
import io.llmfailover.runtime.keys.identity.ProviderIdentity;
import io.llmfailover.runtime.log.OnceLogger;
import io.llmfailover.runtime.provider.CloudIdentity;
import java.util.Map;

/**
 * Makes a provider's cloud identity. The only class that names the AWS and Google ones: each is
 * loaded, with its cloud's libraries, when a provider is configured with it, and never otherwise.
 */
public final class ProviderIdentities {

    private ProviderIdentities() {}

    /**
     * The identity of {@code identity}, its credentials resolved in the background from now on. One
     * that cannot be set up (its library failing to load) passes its provider over, and only it.
     */
    public static ProviderIdentity of(CloudIdentity identity) {
        try {
            if (identity.scheme() == CloudIdentity.Scheme.SIGV4) {
                return SigV4Identity.forBedrock(identity.region());
            }
            return GoogleIdentity.fromApplicationDefault();
        } catch (RuntimeException | LinkageError internal) {
            OnceLogger.internalFailure("setting up the " + identity.scheme().configName() + " identity", internal);
            return new Unavailable(identity.scheme().configName(), internal.toString());
        }
    }

    /** An identity that could not be set up: every attempt of its provider is passed over, saying why. */
    private record Unavailable(String scheme, String why) implements ProviderIdentity {

        @Override
        public Map<String, String> credentialFor(LlmRequest request) throws IdentityUnavailableException {
            throw new IdentityUnavailableException("its " + scheme + " identity could not be set up (" + why + ")");
        }

        @Override
        public String id() {
            return ID_PREFIX + scheme;
        }
    }
}
