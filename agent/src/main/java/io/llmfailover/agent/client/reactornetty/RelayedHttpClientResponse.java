package io.llmfailover.agent.client.reactornetty;

import io.llmfailover.runtime.contract.LlmResponse;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.cookie.Cookie;
import java.util.Map;
import java.util.Set;
import reactor.core.publisher.Mono;
import reactor.netty.http.client.HttpClientResponse;
import reactor.util.context.Context;
import reactor.util.context.ContextView;

/** The head of an answer the runtime made or watches, as Reactor Netty's response to the app's request. */
final class RelayedHttpClientResponse implements HttpClientResponse {

    private final int status;
    private final HttpHeaders headers = new DefaultHttpHeaders();
    private final AppRequest request;

    RelayedHttpClientResponse(LlmResponse answer, AppRequest request) {
        this.status = answer.status();
        this.request = request;
        HttpHeaders into = headers;
        answer.headers().forEach(into::add);
    }

    @Override
    public HttpHeaders responseHeaders() {
        return headers;
    }

    @Override
    public HttpResponseStatus status() {
        return HttpResponseStatus.valueOf(status);
    }

    @Override
    public Mono<HttpHeaders> trailerHeaders() {
        return Mono.empty();
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
        return request.headers();
    }

    @Override
    public String resourceUrl() {
        return request.uri().toString();
    }

    @Override
    public Map<CharSequence, Set<Cookie>> cookies() {
        return Map.of();
    }

    @Override
    public String fullPath() {
        return request.uri().getRawPath();
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
        return request.method();
    }

    @Override
    public String uri() {
        String query = request.uri().getRawQuery();
        return query == null ? request.uri().getRawPath() : request.uri().getRawPath() + "?" + query;
    }

    @Override
    public HttpVersion version() {
        return HttpVersion.HTTP_1_1;
    }
}
