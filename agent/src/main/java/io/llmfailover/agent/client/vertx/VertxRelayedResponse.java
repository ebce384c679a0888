package io.llmfailover.agent.client.vertx;

import io.llmfailover.runtime.contract.LlmResponse;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpFrame;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.StreamPriority;
import io.vertx.core.net.NetSocket;
import java.util.List;

/**
 * What the app of a governed call gets: the answer's status and headers, and its body relayed by
 * a {@link ResponsePump} to the handlers the app sets, on the app's Vert.x context. Holds no lambda
 * (see {@link io.llmfailover.agent.bootstrap.AdapterClassLoader}).
 */
final class VertxRelayedResponse implements HttpClientResponse {

    private final LlmResponse answer;
    private final String statusMessage;
    private final HttpClientRequest request;
    private final MultiMap headers = MultiMap.caseInsensitiveMultiMap();
    private final ResponsePump pump;

    VertxRelayedResponse(VertxCall call, LlmResponse answer, String statusMessage) {
        this.answer = answer;
        this.statusMessage = statusMessage;
        this.request = call.appRequest();
        for (var header : answer.headers().asMap().entrySet()) {
            headers.add(header.getKey(), header.getValue());
        }
        this.pump = new ResponsePump(answer, call.context());
        call.onAbandon(pump.stopper());
    }

    /** The app has the response: its body starts flowing to whatever handlers the app set. */
    void flow() {
        pump.start();
    }

    @Override
    public int statusCode() {
        return answer.status();
    }

    @Override
    public String statusMessage() {
        return statusMessage;
    }

    @Override
    public HttpVersion version() {
        return HttpVersion.HTTP_1_1;
    }

    @Override
    public MultiMap headers() {
        return headers;
    }

    @Override
    public String getHeader(String headerName) {
        return headers.get(headerName);
    }

    @Override
    public String getHeader(CharSequence headerName) {
        return headers.get(headerName);
    }

    @Override
    public List<String> cookies() {
        return headers.getAll("set-cookie");
    }

    @Override
    public String getTrailer(String trailerName) {
        return null;
    }

    @Override
    public MultiMap trailers() {
        return MultiMap.caseInsensitiveMultiMap();
    }

    @Override
    public HttpClientRequest request() {
        return request;
    }

    @Override
    public HttpClientResponse handler(Handler<Buffer> handler) {
        pump.onData(handler);
        return this;
    }

    @Override
    public HttpClientResponse endHandler(Handler<Void> endHandler) {
        pump.onEnd(endHandler);
        return this;
    }

    @Override
    public HttpClientResponse exceptionHandler(Handler<Throwable> handler) {
        pump.onFailure(handler);
        return this;
    }

    @Override
    public HttpClientResponse pause() {
        pump.pause();
        return this;
    }

    @Override
    public HttpClientResponse resume() {
        pump.resume();
        return this;
    }

    @Override
    public HttpClientResponse fetch(long amount) {
        pump.fetch(amount);
        return this;
    }

    @Override
    public Future<Buffer> body() {
        return pump.body();
    }

    @Override
    public Future<Void> end() {
        return pump.end();
    }

    @Override
    public NetSocket netSocket() {
        throw new UnsupportedOperationException("llm-failover: a governed call's response has no socket of its own");
    }

    @Override
    public HttpClientResponse customFrameHandler(Handler<HttpFrame> handler) {
        return this;
    }

    @Override
    public HttpClientResponse streamPriorityHandler(Handler<StreamPriority> handler) {
        return this;
    }
}
