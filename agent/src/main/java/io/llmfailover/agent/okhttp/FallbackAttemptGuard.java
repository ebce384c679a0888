package io.llmfailover.agent.okhttp;

import io.llmfailover.agent.lifecycle.AttemptGuard;
import java.io.IOException;
import okhttp3.Interceptor;
import okhttp3.Request;
import okhttp3.Response;

/**
 * A network interceptor for the runtime's rewritten attempts (those tagged with their
 * {@link AttemptCredential}): puts the fallback's own key back where an SDK's interceptor removed
 * it, for its own origin only, and keeps OkHttp from following a fallback's redirect, which would
 * carry the key and the prompt elsewhere; the runtime sees the redirect and moves on. The app's own
 * requests pass straight through. So does a fallback attempt another client (Spring's RestClient)
 * sends through this one: its redirect is handed back, not followed.
 */
final class FallbackAttemptGuard implements Interceptor {

    @Override
    public Response intercept(Chain chain) throws IOException {
        Request request = chain.request();
        AttemptCredential credential = request.tag(AttemptCredential.class);
        if (credential == null && !AttemptGuard.sendingFallback()) {
            return chain.proceed(request);
        }
        Response response = chain.proceed(credential == null ? request : credential.restoreOn(request));
        return response.isRedirect() ? response.newBuilder().removeHeader("Location").build() : response;
    }
}
