package io.llmfailover.runtime.keys.google;

import com.google.auth.oauth2.GoogleCredentials;
import io.llmfailover.runtime.keys.identity.RefreshedCredential;
import io.llmfailover.runtime.time.Clock;
import io.llmfailover.runtime.time.Scheduler;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * Access tokens of Google credentials, scoped to {@code cloud-platform} (what Vertex AI takes),
 * fetched and renewed on the agent's credentials thread. The process's Application Default
 * Credentials ({@code GOOGLE_APPLICATION_CREDENTIALS}'s key file, gcloud's user credentials,
 * workload identity, the metadata server) are shared by every provider and kept across reloads.
 */
final class GoogleAccessTokens {

    static final List<String> SCOPES = List.of("https://www.googleapis.com/auth/cloud-platform");

    private GoogleAccessTokens() {}

    /** Holder idiom: the credentials are first looked up when a {@code google} provider is configured. */
    private static final class ApplicationDefault {
        static final RefreshedCredential<GoogleToken> TOKENS =
                of(GoogleCredentials::getApplicationDefault, Scheduler.CREDENTIALS, Clock.SYSTEM).start();
    }

    static RefreshedCredential<GoogleToken> shared() {
        return ApplicationDefault.TOKENS;
    }

    /** @param credentials where the credentials come from, called once, on the renewing thread */
    static RefreshedCredential<GoogleToken> of(Callable<GoogleCredentials> credentials, Scheduler scheduler, Clock clock) {
        return new RefreshedCredential<>("Google access token", new Tokens(credentials), GoogleToken::expiry, scheduler,
                clock);
    }

    /** The credentials, found and scoped at the first renewal; each renewal refreshes the token if it is near its expiry. */
    private static final class Tokens implements RefreshedCredential.Resolver<GoogleToken> {
        private final Callable<GoogleCredentials> source;
        private GoogleCredentials credentials;

        Tokens(Callable<GoogleCredentials> source) {
            this.source = source;
        }

        @Override
        public GoogleToken resolve() throws Exception {
            if (credentials == null) {
                credentials = source.call().createScoped(SCOPES);
            }
            credentials.refreshIfExpired();
            return new GoogleToken(credentials.getAccessToken(), credentials.getQuotaProjectId());
        }
    }
}
