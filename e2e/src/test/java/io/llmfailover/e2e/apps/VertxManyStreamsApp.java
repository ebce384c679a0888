package io.llmfailover.e2e.apps;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@link ManyStreamsApp} on Vert.x 5's core {@code HttpClient}, which runs on a class path of its
 * own: {@code <streams>} streaming calls started at once from the event loop, each reporting its
 * result and naming the route {@link AppArgs#ROUTE_PROPERTY} says. Args: {@code <base url> <api key> <streams>}.
 */
public final class VertxManyStreamsApp {

    private VertxManyStreamsApp() {}

    public static void main(String[] args) throws Exception {
        int streams = Integer.parseInt(args[2]);
        Vertx vertx = Vertx.vertx();
        HttpClient http = vertx.createHttpClient();
        try {
            Promise<List<Future<String>>> started = Promise.promise();
            vertx.runOnContext(v -> {
                List<Future<String>> calls = new ArrayList<>();
                for (int call = 1; call <= streams; call++) {
                    calls.add(stream(http, args[0], args[1]));
                }
                started.complete(calls);
            });
            List<Future<String>> calls = started.future().toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
            for (int call = 1; call <= streams; call++) {
                try {
                    Report.result(call, 200, null, calls.get(call - 1).toCompletionStage().toCompletableFuture()
                            .get(60, TimeUnit.SECONDS));
                } catch (Exception e) {
                    Report.error(call, e);
                }
            }
        } finally {
            vertx.close().toCompletionStage().toCompletableFuture().get();
        }
        Report.done();
    }

    private static Future<String> stream(HttpClient http, String baseUrl, String apiKey) {
        RequestOptions options = new RequestOptions()
                .setMethod(HttpMethod.POST)
                .setAbsoluteURI(baseUrl + "/chat/completions")
                .putHeader("Authorization", "Bearer " + apiKey)
                .putHeader("Content-Type", "application/json");
        AppArgs.routeHeader(options::putHeader);
        return http.request(options)
                .compose(request -> request.send(ChatExchange.requestBody(true)))
                .compose(response -> response.body())
                .map(body -> ContentField.ofEventStream(body.toString()));
    }
}
