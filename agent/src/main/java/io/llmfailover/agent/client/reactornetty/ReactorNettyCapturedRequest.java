package io.llmfailover.agent.client.reactornetty;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.cookie.ClientCookieEncoder;
import io.netty.handler.codec.http.cookie.Cookie;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import reactor.netty.http.client.HttpClientRequest;
import reactor.util.context.Context;
import reactor.util.context.ContextView;

/**
 * The request the app's body function is given while the agent reads it: the client's headers, to
 * which the function may add its own, and the response timeout it may set, kept in memory and
 * carried onto each attempt; its context is the one the app subscribed with.
 */
final class ReactorNettyCapturedRequest implements HttpClientRequest {

    private final HttpMethod method;
    private final URI uri;
    private final HttpHeaders headers;
    private final ContextView appContext;
    private volatile Duration responseTimeout;

    ReactorNettyCapturedRequest(HttpMethod method, URI uri, HttpHeaders headers, ContextView appContext) {
        this.method = method;
        this.uri = uri;
        this.headers = headers;
        this.appContext = appContext;
    }

    @Override
    public HttpClientRequest addCookie(Cookie cookie) {
        headers.add(HttpHeaderNames.COOKIE, ClientCookieEncoder.STRICT.encode(cookie));
        return this;
    }

    @Override
    public HttpClientRequest addHeader(CharSequence name, CharSequence value) {
        headers.add(name, value);
        return this;
    }

    @Override
    public HttpClientRequest header(CharSequence name, CharSequence value) {
        headers.set(name, value);
        return this;
    }

    @Override
    public HttpClientRequest headers(HttpHeaders replaced) {
        headers.set(replaced);
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

    @Override
    public String[] redirectedFrom() {
        return new String[0];
    }

    @Override
    public HttpHeaders requestHeaders() {
        return headers;
    }

    @Override
    public String resourceUrl() {
        return uri.toString();
    }

    @Override
    public Map<CharSequence, Set<Cookie>> cookies() {
        return Map.of();
    }

    @Override
    public String fullPath() {
        return uri.getRawPath();
    }

    @Override
    public String requestId() {
        return "llm-failover";
    }

    @Override
    public boolean isKeepAlive() {
        return true;
    }

    @Override
    public boolean isWebsocket() {
        return false;
    }

    @Override
    public HttpMethod method() {
        return method;
    }

    @Override
    public String uri() {
        String query = uri.getRawQuery();
        return query == null ? uri.getRawPath() : uri.getRawPath() + "?" + query;
    }

    @Override
    public HttpVersion version() {
        return HttpVersion.HTTP_1_1;
    }
}
