package io.llmfailover.agent.client.reactornetty;

import io.llmfailover.runtime.contract.LlmResponse;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponseStatus;
import reactor.core.publisher.Mono;
import reactor.netty.http.client.HttpClientResponse;
import reactor.util.context.Context;
import reactor.util.context.ContextView;

/** The head of an answer the runtime made or watches, as Reactor Netty's response to the app's request. */
final class RelayedHttpClientResponse extends AppRequestInfos implements HttpClientResponse {

    private final int status;
    private final HttpHeaders headers = new DefaultHttpHeaders();

    RelayedHttpClientResponse(LlmResponse answer, AppRequest request) {
        super(request.method(), request.uri(), request.headers());
        this.status = answer.status();
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
}
