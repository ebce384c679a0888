package io.llmfailover.e2e.apps;

import io.netty.handler.codec.http.HttpHeaderNames;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import okhttp3.Call;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;
import reactor.netty.ByteBufFlux;
import reactor.netty.http.client.HttpClient;

/**
 * An app that gives up on a stream once its first text arrived: OkHttp's {@code call.cancel()}, or
 * the reactive subscription cancelled after the first chunk (Reactor Netty's {@code HttpClient},
 * Spring's {@code WebClient}). It then tries to read on (OkHttp) and waits a moment, reporting any
 * text that still reaches it. Args: {@code <okhttp|reactor-netty|webclient> <base url> <api key>}.
 */
public final class CancellingStreamApp {

    /** What the app waits after its cancel, for anything the agent would still do on its behalf. */
    private static final Duration AFTER_CANCEL = Duration.ofMillis(1500);

    private CancellingStreamApp() {}

    public static void main(String[] args) throws Exception {
        String baseUrl = args[1];
        String apiKey = args[2];
        try {
            switch (args[0]) {
                case "okhttp" -> okHttp(baseUrl, apiKey);
                case "reactor-netty" -> reactorNetty(baseUrl, apiKey);
                case "webclient" -> webClient(baseUrl, apiKey);
                default -> throw new IllegalArgumentException("no client " + args[0]);
            }
        } catch (IOException | RuntimeException e) {
            Report.error(1, e);
        }
        Thread.sleep(AFTER_CANCEL.toMillis());
        Report.done();
        System.exit(0); // the reactive clients' event loops are not daemons
    }

    private static void okHttp(String baseUrl, String apiKey) throws IOException {
        OkHttpClient http = new OkHttpClient.Builder().readTimeout(30, TimeUnit.SECONDS).build();
        Request request = new Request.Builder()
                .url(baseUrl + "/chat/completions")
                .header("Authorization", "Bearer " + apiKey)
                .post(RequestBody.create(ChatExchange.requestBody(true), MediaType.get("application/json")))
                .build();
        Call call = http.newCall(request);
        try (Response response = call.execute()) {
            BufferedReader lines = new BufferedReader(response.body().charStream());
            int index = 0;
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                String text = line.startsWith("data:") ? ContentField.in(line.substring(5).trim()) : null;
                if (text != null) {
                    Report.chunk(1, index++, text);
                    call.cancel();
                    Report.line("CANCELLED call=1");
                }
            }
            Report.line("ENDED call=1");
        }
    }

    private static void reactorNetty(String baseUrl, String apiKey) {
        HttpClient.create()
                .headers(headers -> headers.set(HttpHeaderNames.AUTHORIZATION, "Bearer " + apiKey)
                        .set(HttpHeaderNames.CONTENT_TYPE, "application/json"))
                .post()
                .uri(baseUrl + "/chat/completions")
                .send(ByteBufFlux.fromString(Mono.just(ChatExchange.requestBody(true))))
                .responseContent().asString(StandardCharsets.UTF_8)
                .doOnCancel(() -> Report.line("CANCELLED call=1"))
                .take(1)
                .doOnNext(chunk -> Report.chunk(1, 0, ContentField.in(dataOf(chunk))))
                .blockLast(Duration.ofSeconds(30));
    }

    private static void webClient(String baseUrl, String apiKey) {
        WebClient.create().post()
                .uri(baseUrl + "/chat/completions")
                .header("Authorization", "Bearer " + apiKey)
                .contentType(org.springframework.http.MediaType.APPLICATION_JSON)
                .bodyValue(ChatExchange.requestBody(true))
                .retrieve()
                .bodyToFlux(String.class)
                .doOnCancel(() -> Report.line("CANCELLED call=1"))
                .take(1)
                .doOnNext(data -> Report.chunk(1, 0, ContentField.in(data)))
                .blockLast(Duration.ofSeconds(30));
    }

    /** The data of the first event in a chunk of an event stream. */
    private static String dataOf(String chunk) {
        for (String line : chunk.split("\n")) {
            if (line.startsWith("data:")) {
                return line.substring(5).trim();
            }
        }
        return chunk;
    }
}
