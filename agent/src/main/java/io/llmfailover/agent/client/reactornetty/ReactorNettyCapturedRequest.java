package io.llmfailover.agent.client.reactornetty;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.cookie.ClientCookieEncoder;
import io.netty.handler.codec.http.cookie.Cookie;
import java.net.URI;
import java.time.Duration;
import reactor.netty.http.client.HttpClientRequest;
import reactor.util.context.Context;
import reactor.util.context.ContextView;

/**
 * The request the app's body function is given while the agent reads it: the client's headers, to
 * which the function may add its own, and the response timeout it may set, kept in memory and
 * carried onto each attempt; its context is the one the app subscribed with.
 */
final class ReactorNettyCapturedRequest extends AppRequestInfos implements HttpClientRequest {

    private final ContextView appContext;
    private volatile Duration responseTimeout;

    ReactorNettyCapturedRequest(HttpMethod method, URI uri, HttpHeaders headers, ContextView appContext) {
        super(method, uri, headers);
        this.appContext = appContext;
    }

    @Override
    public HttpClientRequest addCookie(Cookie cookie) {
        requestHeaders().add(HttpHeaderNames.COOKIE, ClientCookieEncoder.STRICT.encode(cookie));
        return this;
    }

    @Override
    public HttpClientRequest addHeader(CharSequence name, CharSequence value) {
        requestHeaders().add(name, value);
        return this;
    }

    @Override
    public HttpClientRequest header(CharSequence name, CharSequence value) {
        requestHeaders().set(name, value);
        return this;
    }

    @Override
    public HttpClientRequest headers(HttpHeaders replaced) {
        requestHeaders().set(replaced);
        return this;
    }

    @Override
    public boolean isFollowRedirect() {
        return false;
    }

    /** The app's own timeout for this request: each attempt waits for its response no longer. */
    @Override
    public HttpClientRequest responseTimeout(Duration timeout) {
        this.responseTimeout = timeout;
        return this;
    }

    /** The response timeout the app's body function set; null when it set none. */
    Duration ownResponseTimeout() {
        return responseTimeout;
    }

    @Override
    public Context currentContext() {
        return Context.of(appContext);
    }

    @Override
    public ContextView currentContextView() {
        return appContext;
    }
}
