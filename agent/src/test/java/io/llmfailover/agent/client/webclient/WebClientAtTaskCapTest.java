package io.llmfailover.agent.client.webclient;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.llmfailover.agent.bootstrap.AgentThreads;
import io.llmfailover.agent.bootstrap.AttemptGuard;
import io.llmfailover.agent.testing.EveryTaskSlotTaken;
import io.llmfailover.agent.testing.FakeGovernor;
import io.llmfailover.agent.testing.LoopbackServer;
import io.llmfailover.runtime.time.TaskCap;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.http.client.reactive.ClientHttpConnector;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;

/**
 * Every agent task slot taken (the cap is 2 in this test's JVM): a governed WebClient exchange goes
 * out at once through the app's own connector, ungoverned, but without the agent's own
 * {@code x-llm-route}, once; and marked as the agent's own as it is sent, so that the adapter of a
 * client that sends as it is subscribed to (the JDK's, Jetty's) does not take it up again.
 */
class WebClientAtTaskCapTest {

    private static final String PROMPT = "{\"model\":\"gpt-4o\",\"messages\":[]}";
    private static final Duration HANG_GUARD = Duration.ofSeconds(20);

    private final LoopbackServer primary = new LoopbackServer();

    @AfterEach
    void stop() {
        primary.close();
    }

    @Test
    void aGovernedExchangeWithTheRouteHeaderGoesOutUngovernedWithoutIt() throws Exception {
        WebClientAdapter adapter = new WebClientAdapter(FakeGovernor::neverReached, AgentThreads.shared());
        ClientHttpConnector reactorNetty = new ReactorClientHttpConnector();
        List<Boolean> markedAtSend = new CopyOnWriteArrayList<>();
        ClientHttpConnector sendingOnSubscribe = (method, uri, callback) -> Mono.defer(() -> {
            markedAtSend.add(AttemptGuard.active());
            return reactorNetty.connect(method, uri, callback);
        });
        WebClient client = WebClient.builder()
                .clientConnector((ClientHttpConnector) adapter.governedConnector(sendingOnSubscribe))
                .build();
        long before = TaskCap.count(TaskCap.Fallback.CALL_UNGOVERNED);

        String answer;
        try (EveryTaskSlotTaken taken = new EveryTaskSlotTaken()) {
            answer = client.post().uri(primary.uri("/v1/chat/completions"))
                    .header("Authorization", "Bearer app-key").header("x-llm-route", "budget")
                    .contentType(MediaType.APPLICATION_JSON)
                    .bodyValue(PROMPT)
                    .retrieve().bodyToMono(String.class).block(HANG_GUARD);
        }

        assertEquals("{\"ok\":true}", answer);
        assertEquals(1, primary.received().size(), "sent once");
        LoopbackServer.Received received = primary.received().get(0);
        assertNull(received.header("x-llm-route"), "the agent's own header never reaches a provider");
        assertEquals("Bearer app-key", received.header("Authorization"));
        assertEquals(PROMPT, received.bodyText());
        assertEquals(before + 1, TaskCap.count(TaskCap.Fallback.CALL_UNGOVERNED));
        assertEquals(List.of(true), markedAtSend, "sent as the agent's own, which no adapter underneath governs");
    }
}
