package io.llmfailover.runtime.keys.aws;

import io.llmfailover.runtime.keys.identity.RefreshedCredential;
import io.llmfailover.runtime.time.Clock;
import io.llmfailover.runtime.time.Scheduler;
import java.time.Instant;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.identity.spi.AwsCredentialsIdentity;

/**
 * The process's AWS credentials, from the SDK's default chain (environment, system properties, web
 * identity / IRSA, profile, container, instance metadata), resolved and renewed on the agent's
 * credentials thread: one chain for every SigV4 provider, kept across reloads.
 */
final class AwsCredentialsChain {

    private AwsCredentialsChain() {}

    /** Holder idiom: the chain is first looked up when a SigV4 provider is configured. */
    private static final class ProcessCredentials {
        static final RefreshedCredential<AwsCredentialsIdentity> CREDENTIALS =
                over(new DefaultChain(), Scheduler.CREDENTIALS, Clock.SYSTEM).start();
    }

    static RefreshedCredential<AwsCredentialsIdentity> shared() {
        return ProcessCredentials.CREDENTIALS;
    }

    static RefreshedCredential<AwsCredentialsIdentity> over(RefreshedCredential.Resolver<AwsCredentialsIdentity> chain,
            Scheduler scheduler, Clock clock) {
        return new RefreshedCredential<>("AWS credentials", chain, AwsCredentialsChain::expiryOf, scheduler, clock);
    }

    private static Instant expiryOf(AwsCredentialsIdentity credentials) {
        return credentials.expirationTime().orElse(null);
    }

    /** The SDK's chain, built on the renewing thread at its first use: building it reads profile files. */
    private static final class DefaultChain implements RefreshedCredential.Resolver<AwsCredentialsIdentity> {
        private DefaultCredentialsProvider provider;

        @Override
        public AwsCredentialsIdentity resolve() {
            if (provider == null) {
                provider = DefaultCredentialsProvider.builder().build();
            }
            return provider.resolveCredentials();
        }
    }
}
