package io.llmfailover.runtime.keys;

import io.llmfailover.runtime.keys.aws.SigV4Identity;
import io.llmfailover.runtime.keys.google.GoogleIdentity;
import io.llmfailover.runtime.keys.identity.ProviderIdentity;
import io.llmfailover.runtime.provider.CloudIdentity;

/**
 * Makes a provider's cloud identity. The only class that names the AWS and Google ones: each is
 * loaded, with its cloud's libraries, when a provider is configured with it, and never otherwise.
 */
public final class ProviderIdentities {

    private ProviderIdentities() {}

    /** The identity of {@code identity}, its credentials resolved in the background from now on. */
    public static ProviderIdentity of(CloudIdentity identity) {
        if (identity.scheme() == CloudIdentity.Scheme.SIGV4) {
            return SigV4Identity.forBedrock(identity.region());
        }
        return GoogleIdentity.fromApplicationDefault();
    }
}
