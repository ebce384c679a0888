package io.llmfailover.agent.client.vertx;

import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.StreamPriority;
import io.vertx.core.net.HostAndPort;

/**
 * A request held in memory, with no connection or stream of its own: what the app writes is kept
 * as buffers, and the parts of {@link HttpClientRequest} about the wire (flow control, network
 * events, HTTP/2 frames, the connection) answer as for a request nothing has been sent of. Holds
 * no lambda (see {@link io.llmfailover.agent.bootstrap.AdapterClassLoader} on classes that
 * implement client types).
 */
abstract class HeldRequest implements HttpClientRequest {

    @Override
    public Future<Void> write(String chunk) {
        return write(Buffer.buffer(chunk));
    }

    @Override
    public Future<Void> write(String chunk, String enc) {
        return write(Buffer.buffer(chunk, enc));
    }

    @Override
    public Future<Void> end(String chunk) {
        return end(Buffer.buffer(chunk));
    }

    @Override
    public Future<Void> end(String chunk, String enc) {
        return end(Buffer.buffer(chunk, enc));
    }

    @Override
    public Future<Void> sendHead() {
        return Future.succeededFuture();
    }

    @Override
    public Future<HttpClientResponse> connect() {
        return Future.failedFuture("llm-failover: CONNECT is not a governed call");
    }

    @Override
    public int numberOfRedirections() {
        return 0;
    }

    @Override
    public HttpVersion version() {
        return HttpVersion.HTTP_1_1;
    }

    @Override
    public HttpClientRequest authority(HostAndPort authority) {
        return this;
    }

    @Override
    public HttpClientRequest exceptionHandler(Handler<Throwable> handler) {
        return this;
    }

    @Override
    public HttpClientRequest setWriteQueueMaxSize(int maxSize) {
        return this;
    }

    @Override
    public boolean writeQueueFull() {
        return false;
    }

    @Override
    public HttpClientRequest drainHandler(Handler<Void> handler) {
        return this;
    }

    @Override
    public HttpClientRequest continueHandler(Handler<Void> handler) {
        return this;
    }

    @Override
    public HttpClientRequest earlyHintsHandler(Handler<MultiMap> handler) {
        return this;
    }

    @Override
    public HttpClientRequest pushHandler(Handler<HttpClientRequest> handler) {
        return this;
    }

    /** No connection is held: each attempt asks the client for one of its own. */
    @Override
    public HttpConnection connection() {
        return null;
    }

    @Override
    public Future<Void> writeCustomFrame(int type, int flags, Buffer payload) {
        return Future.failedFuture("llm-failover: a governed call has no HTTP/2 stream of its own");
    }

    @Override
    public StreamPriority getStreamPriority() {
        return null;
    }
}
