package io.llmfailover.e2e.apps;

import io.netty.handler.codec.http.HttpHeaderNames;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.http.io.entity.StringEntity;
import org.apache.hc.core5.util.Timeout;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import reactor.netty.ByteBufFlux;
import reactor.netty.http.client.HttpClient;

/**
 * An app that holds more streams open at once than the agent has task slots: {@code <first>}
 * streaming calls with Reactor Netty's {@code HttpClient}; once they all flow, {@code <more>} of
 * them again and, while all are open, one blocking call with Apache HttpClient 5 and no response
 * timeout, to a provider of its own. Every call reports its result (calls {@code 1..first+more} the
 * streams, the last one the blocking call), and names the route {@link AppArgs#ROUTE_PROPERTY} says.
 * Args: {@code <streaming base url> <blocking base url> <api key> <first> <more>}.
 */
public final class ManyStreamsApp {

    private static final Duration WAIT = Duration.ofSeconds(60);

    private ManyStreamsApp() {}

    public static void main(String[] args) throws Exception {
        String streaming = args[0];
        String blocking = args[1];
        String apiKey = args[2];
        int first = Integer.parseInt(args[3]);
        int streams = first + Integer.parseInt(args[4]);
        CountDownLatch flowing = new CountDownLatch(first);
        List<Mono<String>> all = new ArrayList<>();
        for (int call = 1; call <= streams; call++) {
            all.add(stream(streaming, apiKey, call, flowing).cache());
        }
        all.subList(0, first).forEach(Mono::subscribe);
        if (!flowing.await(WAIT.toSeconds(), TimeUnit.SECONDS)) {
            Report.line("NOT-ALL-FLOWING");
        }
        // Subscribed from event-loop threads, as a reactive app's calls often are: never blocked by the agent.
        all.subList(first, streams).forEach(call -> call.subscribeOn(Schedulers.parallel()).subscribe());
        int blockingCall = streams + 1;
        try {
            Report.result(blockingCall, 200, null, ContentField.in(post(blocking, apiKey)));
        } catch (IOException | RuntimeException e) {
            Report.error(blockingCall, e);
        }
        for (int call = 1; call <= streams; call++) {
            try {
                Report.result(call, 200, null, all.get(call - 1).block(WAIT));
            } catch (RuntimeException e) {
                Report.error(call, e);
            }
        }
        Report.done();
        System.exit(0); // Reactor Netty's event loop threads are not daemons
    }

    private static Mono<String> stream(String baseUrl, String apiKey, int call, CountDownLatch flowing) {
        return HttpClient.create()
                .headers(headers -> {
                    headers.set(HttpHeaderNames.AUTHORIZATION, "Bearer " + apiKey)
                            .set(HttpHeaderNames.CONTENT_TYPE, "application/json");
                    AppArgs.routeHeader(headers::set);
                })
                .post()
                .uri(baseUrl + "/chat/completions")
                .send(ByteBufFlux.fromString(Mono.just(ChatExchange.requestBody(true))))
                .responseContent().asString(StandardCharsets.UTF_8)
                .index()
                .doOnNext(chunk -> {
                    if (chunk.getT1() == 0) {
                        flowing.countDown();
                    }
                })
                .map(chunk -> chunk.getT2())
                .collectList()
                .map(chunks -> ContentField.ofEventStream(String.join("", chunks)));
    }

    /** Apache HttpClient 5 with no response timeout: the app waits as long as it takes. */
    private static String post(String baseUrl, String apiKey) throws IOException {
        HttpPost post = new HttpPost(baseUrl + "/chat/completions");
        post.setHeader("Authorization", "Bearer " + apiKey);
        AppArgs.routeHeader(post::setHeader);
        post.setEntity(new StringEntity(ChatExchange.requestBody(false), ContentType.APPLICATION_JSON));
        post.setConfig(RequestConfig.custom().setResponseTimeout(Timeout.DISABLED).build());
        try (CloseableHttpClient http = HttpClients.createDefault()) {
            return http.execute(post, response -> EntityUtils.toString(response.getEntity(), StandardCharsets.UTF_8));
        }
    }
}
