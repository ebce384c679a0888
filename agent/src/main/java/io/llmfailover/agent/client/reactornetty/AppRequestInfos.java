package io.llmfailover.agent.client.reactornetty;

import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.cookie.Cookie;
import java.net.URI;
import java.util.Map;
import java.util.Set;
import reactor.netty.http.client.HttpClientInfos;

/**
 * What Reactor Netty tells the app's functions of the exchange a request or response of the
 * agent's stands for: the app's own request (its method, absolute URI and headers), sent once over
 * HTTP/1.1, without redirects or cookies of its own.
 */
abstract class AppRequestInfos implements HttpClientInfos {

    private final HttpMethod method;
    private final URI uri;
    private final HttpHeaders requestHeaders;

    AppRequestInfos(HttpMethod method, URI uri, HttpHeaders requestHeaders) {
        this.method = method;
        this.uri = uri;
        this.requestHeaders = requestHeaders;
    }

    @Override
    public String[] redirectedFrom() {
        return new String[0];
    }

    @Override
    public HttpHeaders requestHeaders() {
        return requestHeaders;
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
