package io.llmfailover.agent.okhttp;

import java.net.URI;
import java.net.URISyntaxException;
import okhttp3.HttpUrl;
import okhttp3.Interceptor;
import okhttp3.Request;

/** One call through the failover interceptor: the chain it continues, and the app's request as it can be replayed. */
final class OkHttpCall {

    final Interceptor.Chain chain;
    final Request appRequest;
    /** The app's request with a body that can be written again: its own, or the buffered copy of a one-shot body. */
    Request replayable;
    /** Made once: converting OkHttp's URL re-parses it. */
    private URI uri;

    OkHttpCall(Interceptor.Chain chain) {
        this.chain = chain;
        this.appRequest = chain.request();
        this.replayable = appRequest;
    }

    URI uri() {
        if (uri == null) {
            uri = uriOf(appRequest.url());
        }
        return uri;
    }

    /**
     * OkHttp's URL string, already canonical, parsed as it is; {@code HttpUrl.uri()} re-encodes it
     * first, which only changes the characters {@code java.net.URI} refuses, so it is the fallback.
     */
    private static URI uriOf(HttpUrl url) {
        try {
            return new URI(url.toString());
        } catch (URISyntaxException refused) {
            return url.uri();
        }
    }
}
