package io.llmfailover.agent.client.vertx;

import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.ClientForm;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import java.util.function.Function;

/**
 * The request a governed call's app writes into: it holds the headers and body in memory and sends
 * nothing; ending it starts the call. Its response future completes on the app's Vert.x context.
 * Holds no lambda ({@link HeldRequest}): the call does the work.
 */
final class VertxGovernedRequest extends HeldRequest {

    private final VertxCall call;
    private boolean chunked;
    /** As Vert.x starts its own request: from the app's options, its client's maximum, Vert.x's handler. */
    private boolean followRedirects;
    private int maxRedirects;
    private Function<HttpClientResponse, Future<HttpClientRequest>> redirectHandler;
    private String traceOperation;

    VertxGovernedRequest(VertxCall call) {
        this.call = call;
        this.followRedirects = call.optionsFollowRedirects();
        this.maxRedirects = call.clientMaxRedirects();
        call.appRequest(this);
    }

    /** A request that sends the app's own, as the app made it: it follows redirects as the app set this one to. */
    void redirectsAsSetOn(HttpClientRequest sent) {
        sent.setFollowRedirects(followRedirects).setMaxRedirects(maxRedirects);
        if (redirectHandler != null) {
            sent.redirectHandler(redirectHandler);
        }
    }

    @Override
    public Future<Void> write(Buffer data) {
        call.write(data, chunked);
        return Future.succeededFuture();
    }

    @Override
    public Future<Void> end(Buffer chunk) {
        call.write(chunk, chunked);
        return end();
    }

    @Override
    public Future<Void> end() {
        call.start();
        return Future.succeededFuture();
    }

    @Override
    public Future<HttpClientResponse> response() {
        return call.response().future();
    }

    /** A form is encoded by the client as it sends: this call goes out as the app made it, ungoverned. */
    @Override
    public Future<HttpClientResponse> send(ClientForm form) {
        return UngovernedSend.form(call, form);
    }

    @Override
    public Future<Void> reset(long code) {
        return reset(code, new IllegalStateException("the request was reset (" + code + ")"));
    }

    @Override
    public Future<Void> reset(long code, Throwable cause) {
        call.abandon(cause);
        return Future.succeededFuture();
    }

    @Override
    public MultiMap headers() {
        return call.headers();
    }

    @Override
    public HttpClientRequest putHeader(String name, String value) {
        call.headers().set(name, value);
        return this;
    }

    @Override
    public HttpClientRequest putHeader(CharSequence name, CharSequence value) {
        call.headers().set(name, value);
        return this;
    }

    @Override
    public HttpClientRequest putHeader(String name, Iterable<String> values) {
        call.headers().set(name, values);
        return this;
    }

    @Override
    public HttpClientRequest putHeader(CharSequence name, Iterable<CharSequence> values) {
        call.headers().set(name, values);
        return this;
    }

    @Override
    public HttpMethod getMethod() {
        return call.method();
    }

    /** The method was decided on when the call was governed; it stays. */
    @Override
    public HttpClientRequest setMethod(HttpMethod method) {
        return this;
    }

    @Override
    public String absoluteURI() {
        return call.uri().toString();
    }

    @Override
    public String getURI() {
        String query = call.uri().getRawQuery();
        return call.uri().getRawPath() + (query == null ? "" : "?" + query);
    }

    /** The URI was decided on when the call was governed; it stays. */
    @Override
    public HttpClientRequest setURI(String uri) {
        return this;
    }

    @Override
    public String path() {
        return call.uri().getRawPath();
    }

    @Override
    public String query() {
        return call.uri().getRawQuery();
    }

    @Override
    public HttpClientRequest setChunked(boolean chunked) {
        this.chunked = chunked;
        return this;
    }

    @Override
    public boolean isChunked() {
        return chunked;
    }

    @Override
    public HttpClientRequest setFollowRedirects(boolean followRedirects) {
        this.followRedirects = followRedirects;
        return this;
    }

    @Override
    public boolean isFollowRedirects() {
        return followRedirects;
    }

    @Override
    public HttpClientRequest setMaxRedirects(int maxRedirects) {
        this.maxRedirects = maxRedirects;
        return this;
    }

    @Override
    public int getMaxRedirects() {
        return maxRedirects;
    }

    @Override
    public HttpClientRequest traceOperation(String op) {
        this.traceOperation = op;
        return this;
    }

    @Override
    public String traceOperation() {
        return traceOperation;
    }

    /** The app's own timeout for this request: each attempt's request gets it, as the app's options would have given it. */
    @Override
    public HttpClientRequest idleTimeout(long timeout) {
        call.idleTimeout(timeout);
        return this;
    }

    @Override
    public HttpClientRequest redirectHandler(Function<HttpClientResponse, Future<HttpClientRequest>> handler) {
        this.redirectHandler = handler;
        return this;
    }
}
