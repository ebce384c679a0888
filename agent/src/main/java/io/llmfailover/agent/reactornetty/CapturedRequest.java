package io.llmfailover.agent.reactornetty;

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
 * which the function may add its own, kept in memory and copied onto each attempt.
 */
final class CapturedRequest implements HttpClientRequest {

    private final HttpMethod method;
    private final URI uri;
    private final HttpHeaders headers;

    CapturedRequest(HttpMethod method, URI uri, HttpHeaders headers) {
        this.method = method;
        this.uri = uri;
        this.headers = headers;
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

    /** The client's own response timeout still applies to each attempt; a per-request one is not carried over. */
    @Override
    public HttpClientRequest responseTimeout(Duration timeout) {
        return this;
    }

    @Override
    public Context currentContext() {
        return Context.empty();
    }

    @Override
    public ContextView currentContextView() {
        return Context.empty();
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
