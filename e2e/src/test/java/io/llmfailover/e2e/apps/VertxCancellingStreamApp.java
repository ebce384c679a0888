package io.llmfailover.e2e.apps;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import java.util.concurrent.TimeUnit;

/**
 * {@link CancellingStreamApp} on Vert.x 5's core {@code HttpClient}, which runs on a class path of its
 * own: the app resets its request once the first text of the stream arrived, then waits a moment,
 * reporting any text that still reaches it. Args: {@code <base url> <api key>}.
 */
public final class VertxCancellingStreamApp {

    private VertxCancellingStreamApp() {}

    public static void main(String[] args) throws Exception {
        Vertx vertx = Vertx.vertx();
        RequestOptions options = new RequestOptions()
                .setMethod(HttpMethod.POST)
                .setAbsoluteURI(args[0] + "/chat/completions")
                .setIdleTimeout(30_000)
                .putHeader("Authorization", "Bearer " + args[1])
                .putHeader("Content-Type", "application/json");
        try {
            vertx.createHttpClient().request(options)
                    .compose(request -> request.send(ChatExchange.requestBody(true)).map(response -> {
                        int[] index = {0};
                        response.handler(buffer -> {
                            for (String line : buffer.toString().split("\n")) {
                                String text = line.startsWith("data:") ? ContentField.in(line.substring(5).trim()) : null;
                                if (text != null) {
                                    Report.chunk(1, index[0]++, text);
                                    resetOnce(request);
                                }
                            }
                        });
                        response.exceptionHandler(failure -> Report.error(1, failure));
                        return response;
                    }))
                    .toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
            Thread.sleep(1500);
        } finally {
            vertx.close().toCompletionStage().toCompletableFuture().get();
        }
        Report.done();
    }

    private static void resetOnce(HttpClientRequest request) {
        if (!reset) {
            reset = true;
            request.reset();
            Report.line("CANCELLED call=1");
        }
    }

    private static boolean reset;
}
