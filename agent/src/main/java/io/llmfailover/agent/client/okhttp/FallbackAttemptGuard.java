package io.llmfailover.agent.client.okhttp;

import io.llmfailover.agent.bootstrap.AttemptGuard;
import java.io.IOException;
import okhttp3.Interceptor;
import okhttp3.Request;
import okhttp3.Response;

/**
 * A network interceptor for the runtime's rewritten attempts (those tagged with their
 * {@link AttemptCredential}): puts the attempt's own key back where an SDK's interceptor removed
 * it, for its own origin only, and keeps OkHttp from following the attempt's redirect (whatever
 * {@code followRedirects} says), which would carry the key and the prompt elsewhere: the redirect
 * loses its {@code Location}, and the runtime sees it and moves on. The app's own requests pass
 * straight through. A rewritten attempt another client (Spring's RestClient) sends through this
 * one, on the thread that marked it, has its redirect handed back too.
 */
final class FallbackAttemptGuard implements Interceptor {

    @Override
    public Response intercept(Chain chain) throws IOException {
        Request request = chain.request();
        AttemptCredential credential = request.tag(AttemptCredential.class);
        if (credential == null && !AttemptGuard.sendingRewritten()) {
            return chain.proceed(request);
        }
        Response response = chain.proceed(credential == null ? request : credential.restoreOn(request));
        return response.isRedirect() ? response.newBuilder().removeHeader("Location").build() : response;
    }
}
