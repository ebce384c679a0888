package io.llmfailover.agent.client.okhttp;

import io.llmfailover.agent.lifecycle.CallRequest;
import io.llmfailover.runtime.contract.LlmRequest;
import java.net.URI;
import java.net.URISyntaxException;
import okhttp3.HttpUrl;
import okhttp3.Interceptor;
import okhttp3.Request;

/** One call through the failover interceptor: the chain it continues, and the app's request as it can be replayed. */
final class OkHttpCall implements CallRequest {

    final Interceptor.Chain chain;
    /** The app's request, less the agent's own headers once taken ({@link #takeHeader}). */
    Request appRequest;
    /** The app's request with a body that can be written again: its own, or the buffered copy of a one-shot body. */
    Request replayable;
    /**
     * Set once the interceptor handed its response back to OkHttp: the chain can send no more, and
     * an attempt made later (a broken stream finished by a fallback) goes on a call of its own.
     */
    volatile boolean answered;
    /** Made once: converting OkHttp's URL re-parses it. */
    private URI uri;
    private static volatile Parsed lastParsed;

    OkHttpCall(Interceptor.Chain chain) {
        this.chain = chain;
        this.appRequest = chain.request();
        this.replayable = appRequest;
    }

    /** Removes {@code name} from the app's request and from its replayable copy; its first value, or null. */
    @Override
    public String takeHeader(String name) {
        String value = appRequest.header(name);
        if (value != null) {
            boolean sameRequest = replayable == appRequest;
            appRequest = appRequest.newBuilder().removeHeader(name).build();
            replayable = sameRequest ? appRequest : replayable.newBuilder().removeHeader(name).build();
        }
        return value;
    }

    @Override
    public URI uri() {
        if (uri == null) {
            uri = uriOf(appRequest.url());
        }
        return uri;
    }

    /**
     * OkHttp's URL string, already canonical, parsed as it is; {@code HttpUrl.uri()} re-encodes it
     * first, which only changes the characters {@code java.net.URI} refuses, so it is the fallback.
     * An app calls the same URL over and over, each time in a new {@code HttpUrl}: the last one
     * parsed is kept.
     */
    private static URI uriOf(HttpUrl url) {
        String text = url.toString();
        Parsed last = lastParsed;
        if (last != null && last.text.equals(text)) {
            return last.uri;
        }
        URI uri;
        try {
            uri = new URI(text);
        } catch (URISyntaxException refused) {
            uri = url.uri();
        }
        lastParsed = new Parsed(text, uri);
        return uri;
    }

    @Override
    public String methodName() {
        return appRequest.method();
    }

    @Override
    public LlmRequest toNeutral(byte[] body) {
        return OkHttpRequestMapping.toNeutral(appRequest, uri(), body);
    }

    private record Parsed(String text, URI uri) {}
}
