package io.llmfailover.agent.client.okhttp;

import java.util.List;
import java.util.Map;
import okhttp3.HttpUrl;
import okhttp3.Request;

/**
 * The credential headers the runtime chose for a fallback attempt, carried as a request tag. Some
 * SDKs (the OpenAI one) strip the key in a network interceptor from any request whose host is not
 * the one the call was made for; our network interceptor, placed after theirs, puts the fallback
 * provider's own key back, for the very origin (scheme, host and port) it belongs to only.
 */
record AttemptCredential(HttpUrl origin, Map<String, List<String>> headers) {

    Request restoreOn(Request request) {
        if (!sameOrigin(request.url())) {
            return request;
        }
        Request.Builder restored = request.newBuilder();
        headers.forEach((name, values) -> {
            if (request.header(name) == null) {
                values.forEach(value -> restored.addHeader(name, value));
            }
        });
        return restored.build();
    }

    boolean sameOrigin(HttpUrl url) {
        return url.scheme().equals(origin.scheme()) && url.host().equals(origin.host()) && url.port() == origin.port();
    }

    @Override
    public String toString() {
        return "AttemptCredential[" + origin.scheme() + "://" + origin.host() + ":" + origin.port() + ", headers="
                + headers.keySet() + "]";
    }
}
