package io.llmfailover.e2e.apps;

import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.streams.WriteStream;
import io.vertx.ext.web.client.HttpRequest;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;
import io.vertx.ext.web.codec.BodyCodec;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * An ordinary app that calls an OpenAI-compatible endpoint with Vert.x 5's {@code WebClient},
 * default settings. Blocking: {@code sendBuffer} and the main thread waiting on its future;
 * streaming: the body piped ({@code BodyCodec.pipe}) into a stream that reports each event as its
 * buffer arrives. Args: see {@link AppArgs}. Its own timeouts ({@link AppArgs#APP_TIMEOUT_PROPERTY}):
 * {@code timeout} is each request's {@code timeout}, {@code client} the client's connection idle
 * timeout ({@code WebClientOptions.setIdleTimeout}, in milliseconds; else 30 s).
 */
public final class VertxWebClientApp {

    private final WebClient web;
    private final AppArgs app;

    private VertxWebClientApp(WebClient web, AppArgs app) {
        this.web = web;
        this.app = app;
    }

    public static void main(String[] args) throws Exception {
        AppArgs app = AppArgs.parse(args);
        Vertx vertx = Vertx.vertx();
        try {
            WebClientOptions options = new WebClientOptions().setIdleTimeout(30);
            Duration idle = AppArgs.ownTimeout("client");
            if (idle != null) {
                options.setIdleTimeout((int) idle.toMillis()).setIdleTimeoutUnit(TimeUnit.MILLISECONDS);
            }
            if (app.followsRedirects()) {
                options.setFollowRedirects(true); // WebClient follows redirects itself by default: set all the same
            }
            WebClient web = WebClient.create(vertx, options);
            app.plan().run(new VertxWebClientApp(web, app)::call);
        } finally {
            vertx.close().toCompletionStage().toCompletableFuture().get();
        }
        Report.done();
    }

    private void call(int number) throws InterruptedException {
        Buffer body = Buffer.buffer(ChatExchange.requestBody(app.streaming()));
        try {
            if (app.streaming()) {
                EventStreamLines events = new EventStreamLines(number);
                HttpResponse<Void> answer = post().as(BodyCodec.pipe(new EventSink(events))).sendBuffer(body)
                        .toCompletionStage().toCompletableFuture().get();
                VertxReplies.reportStream(number, answer.statusCode(), answer.getHeader(ChatExchange.PROVIDER_HEADER),
                        events);
            } else {
                HttpResponse<Buffer> answer = post().sendBuffer(body).toCompletionStage().toCompletableFuture().get();
                String text = answer.body() == null ? "" : answer.bodyAsString();
                VertxReplies.report(number, answer.statusCode(), answer.getHeader(ChatExchange.PROVIDER_HEADER), text);
            }
        } catch (ExecutionException e) {
            ChatExchange.reportFailure(number, e.getCause() instanceof Exception cause ? cause : e);
        }
    }

    private HttpRequest<Buffer> post() {
        HttpRequest<Buffer> post = web.postAbs(app.baseUrl() + "/chat/completions")
                .putHeader("Authorization", "Bearer " + app.apiKey())
                .putHeader("Content-Type", "application/json");
        AppArgs.routeHeader(post::putHeader);
        Duration timeout = AppArgs.ownTimeout("timeout");
        if (timeout != null) {
            post.timeout(timeout.toMillis());
        }
        return post;
    }

    /** Where WebClient pipes the body: each buffer goes to the event parser as it arrives. */
    private static final class EventSink implements WriteStream<Buffer> {
        private final EventStreamLines events;

        EventSink(EventStreamLines events) {
            this.events = events;
        }

        @Override
        public Future<Void> write(Buffer data) {
            events.feed(data.getBytes());
            return Future.succeededFuture();
        }

        @Override
        public Future<Void> end() {
            return Future.succeededFuture();
        }

        @Override
        public WriteStream<Buffer> exceptionHandler(Handler<Throwable> handler) {
            return this;
        }

        @Override
        public WriteStream<Buffer> setWriteQueueMaxSize(int maxSize) {
            return this;
        }

        @Override
        public boolean writeQueueFull() {
            return false;
        }

        @Override
        public WriteStream<Buffer> drainHandler(Handler<Void> handler) {
            return this;
        }
    }
}
