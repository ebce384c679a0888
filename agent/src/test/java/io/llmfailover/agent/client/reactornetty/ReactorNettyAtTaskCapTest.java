package io.llmfailover.agent.client.reactornetty;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.llmfailover.agent.bootstrap.AgentThreads;
import io.llmfailover.agent.testing.EveryTaskSlotTaken;
import io.llmfailover.agent.testing.FakeGovernor;
import io.llmfailover.agent.testing.LoopbackServer;
import io.llmfailover.runtime.time.TaskCap;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.function.BiFunction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import reactor.netty.ByteBufFlux;
import reactor.netty.ByteBufMono;
import reactor.netty.http.client.HttpClient;
import reactor.netty.http.client.HttpClientResponse;

/**
 * Every agent task slot taken (the cap is 2 in this test's JVM): a governed call subscribed from a
 * thread that must not block goes out at once as the app made it, ungoverned, instead of waiting
 * in a line behind tasks that may last as long as a stream. The wait is a guard against a hang.
 */
class ReactorNettyAtTaskCapTest {

    private static final String PROMPT = "{\"model\":\"gpt-4o\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";
    private static final Duration HANG_GUARD = Duration.ofSeconds(20);

    private final LoopbackServer primary = new LoopbackServer();

    @AfterEach
    void stop() {
        primary.close();
    }

    @Test
    void aCallFromAnEventLoopGoesOutUngovernedAtOnce() throws InterruptedException {
        ReactorNettyAdapter adapter = new ReactorNettyAdapter(FakeGovernor::neverReached, AgentThreads.shared());
        HttpClient.ResponseReceiver<?> receiver = HttpClient.create()
                .headers(headers -> headers.set("Authorization", "Bearer sk-app").set("Content-Type", "application/json"))
                .post()
                .uri(primary.uri("/v1/chat/completions").toString())
                .send(ByteBufFlux.fromString(Mono.just(PROMPT)));
        BiFunction<HttpClientResponse, ByteBufMono, Mono<String>> read =
                (response, body) -> body.asString(StandardCharsets.UTF_8);
        @SuppressWarnings("unchecked")
        Mono<String> governed = (Mono<String>) adapter.governed(receiver, "responseSingle", read, receiver.responseSingle(read));
        long before = TaskCap.count(TaskCap.Fallback.CALL_UNGOVERNED);

        String answer;
        try (EveryTaskSlotTaken taken = new EveryTaskSlotTaken()) {
            answer = governed.subscribeOn(Schedulers.parallel()).block(HANG_GUARD);
        }

        assertEquals("{\"ok\":true}", answer);
        assertEquals(PROMPT, primary.received().get(0).bodyText(), "sent once, as the app made it");
        assertEquals(1, primary.received().size());
        assertEquals(before + 1, TaskCap.count(TaskCap.Fallback.CALL_UNGOVERNED));
    }
}
