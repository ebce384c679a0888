package io.llmfailover.agent.okhttp;

import java.net.URI;
import okhttp3.Interceptor;
import okhttp3.Request;

/** One call through the failover interceptor: the chain it continues, and the app's request as it can be replayed. */
final class OkHttpCall {

    final Interceptor.Chain chain;
    final Request appRequest;
    /** The app's request with a body that can be written again: its own, or the buffered copy of a one-shot body. */
    Request replayable;
    /** Made once: {@code HttpUrl.uri()} re-encodes the whole URL on every call. */
    private URI uri;

    OkHttpCall(Interceptor.Chain chain) {
        this.chain = chain;
        this.appRequest = chain.request();
        this.replayable = appRequest;
    }

    URI uri() {
        if (uri == null) {
            uri = appRequest.url().uri();
        }
        return uri;
    }
}
