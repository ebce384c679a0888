package io.llmfailover.e2e.apps;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * An ordinary app that calls an OpenAI-compatible endpoint with Vert.x 5's core {@code HttpClient},
 * default settings. Blocking: the main thread waits on the call's future
 * ({@code toCompletionStage().toCompletableFuture().get()}) while the body is read whole on the
 * event loop; streaming: a handler reports each event as its buffer arrives; upload: a small file
 * to the files API. Args: see {@link AppArgs}.
 * Its requests follow no redirect, Vert.x's default; with following on, their options say
 * {@code setFollowRedirects(true)} (Vert.x then follows a POST's 303, as a GET). Its own timeouts
 * ({@link AppArgs#APP_TIMEOUT_PROPERTY}): {@code request} is each request's idle timeout
 * ({@code RequestOptions.setIdleTimeout}, else 30 s), {@code handed} the same set on the request
 * the client hands the app ({@code HttpClientRequest.idleTimeout}), {@code client} the client's
 * connection idle timeout ({@code HttpClientOptions.setIdleTimeout}, in milliseconds).
 */
public final class VertxHttpClientApp {

    private final HttpClient http;
    private final AppArgs app;

    private VertxHttpClientApp(HttpClient http, AppArgs app) {
        this.http = http;
        this.app = app;
    }

    public static void main(String[] args) throws Exception {
        AppArgs app = AppArgs.parse(args);
        Vertx vertx = Vertx.vertx();
        try {
            VertxHttpClientApp vertxApp = new VertxHttpClientApp(vertx.createHttpClient(clientOptions()), app);
            app.plan().run(vertxApp::call);
        } finally {
            vertx.close().toCompletionStage().toCompletableFuture().get();
        }
        Report.done();
    }

    private static HttpClientOptions clientOptions() {
        HttpClientOptions options = new HttpClientOptions();
        Duration idle = AppArgs.ownTimeout("client");
        if (idle != null) {
            options.setIdleTimeout((int) idle.toMillis()).setIdleTimeoutUnit(TimeUnit.MILLISECONDS);
        }
        return options;
    }

    private static long requestIdleTimeoutMillis() {
        Duration idle = AppArgs.ownTimeout("request");
        return idle != null ? idle.toMillis() : 30_000;
    }

    private void call(int number) throws InterruptedException {
        if (app.uploading()) {
            upload(number);
            return;
        }
        RequestOptions options = new RequestOptions()
                .setMethod(HttpMethod.POST)
                .setAbsoluteURI(app.baseUrl() + "/chat/completions")
                .setIdleTimeout(requestIdleTimeoutMillis())
                .setFollowRedirects(app.followsRedirects())
                .putHeader("Authorization", "Bearer " + app.apiKey())
                .putHeader("Content-Type", "application/json");
        AppArgs.routeHeader(options::putHeader);
        String body = ChatExchange.requestBody(app.streaming());
        Duration handed = AppArgs.ownTimeout("handed");
        Future<HttpClientResponse> response = http.request(options).compose(request -> {
            if (handed != null) {
                request.idleTimeout(handed.toMillis());
            }
            return request.send(body);
        });
        try {
            if (app.streaming()) {
                stream(number, response).toCompletionStage().toCompletableFuture().get();
            } else {
                whole(number, response).toCompletionStage().toCompletableFuture().get();
            }
        } catch (ExecutionException e) {
            ChatExchange.reportFailure(number, e.getCause() instanceof Exception cause ? cause : e);
        }
    }

    /**
     * A small file posted to the files API, not a governed operation; its {@code x-llm-route}, if
     * any, set on the request the client hands the app rather than on the options.
     */
    private void upload(int number) throws InterruptedException {
        RequestOptions options = new RequestOptions()
                .setMethod(HttpMethod.POST)
                .setAbsoluteURI(app.filesUrl())
                .setIdleTimeout(30_000)
                .putHeader("Authorization", "Bearer " + app.apiKey())
                .putHeader("Content-Type", "text/plain");
        Future<HttpClientResponse> response = http.request(options).compose(request -> {
            AppArgs.routeHeader(request::putHeader);
            return request.send(Buffer.buffer("a small file"));
        });
        try {
            HttpClientResponse answer = response.toCompletionStage().toCompletableFuture().get();
            String body = answer.body().toCompletionStage().toCompletableFuture().get().toString();
            ChatExchange.reportUpload(number, answer.statusCode(), body);
        } catch (ExecutionException e) {
            ChatExchange.reportFailure(number, e.getCause() instanceof Exception cause ? cause : e);
        }
    }

    private static Future<Void> whole(int number, Future<HttpClientResponse> response) {
        return response.compose(answer -> answer.body().map(body -> {
            VertxReplies.report(number, answer.statusCode(), answer.getHeader(ChatExchange.PROVIDER_HEADER),
                    body.toString());
            return null;
        }));
    }

    private static Future<Void> stream(int number, Future<HttpClientResponse> response) {
        return response.compose(answer -> {
            Promise<Void> ended = Promise.promise();
            EventStreamLines events = new EventStreamLines(number);
            answer.handler(buffer -> events.feed(buffer.getBytes()));
            answer.exceptionHandler(ended::tryFail);
            answer.endHandler(end -> {
                VertxReplies.reportStream(number, answer.statusCode(), answer.getHeader(ChatExchange.PROVIDER_HEADER),
                        events);
                ended.tryComplete();
            });
            return ended.future();
        });
    }
}
