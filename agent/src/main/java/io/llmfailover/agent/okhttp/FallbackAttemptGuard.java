package io.llmfailover.agent.okhttp;

import java.io.IOException;
import okhttp3.Interceptor;
import okhttp3.Request;
import okhttp3.Response;

/**
 * A network interceptor for the runtime's rewritten attempts (those tagged with their
 * {@link AttemptCredential}): puts the fallback's own key back where an SDK's interceptor removed
 * it, for its own origin only, and keeps OkHttp from following a fallback's redirect, which would
 * carry the key and the prompt elsewhere; the runtime sees the redirect and moves on. The app's own
 * requests pass straight through.
 */
final class FallbackAttemptGuard implements Interceptor {

    @Override
    public Response intercept(Chain chain) throws IOException {
        Request request = chain.request();
        AttemptCredential credential = request.tag(AttemptCredential.class);
        if (credential == null) {
            return chain.proceed(request);
        }
        Response response = chain.proceed(credential.restoreOn(request));
        return response.isRedirect() ? response.newBuilder().removeHeader("Location").build() : response;
    }
}
