package io.llmfailover.agent.webclient;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.llmfailover.agent.bootstrap.AgentThreads;
import io.llmfailover.agent.testing.EveryTaskSlotTaken;
import io.llmfailover.agent.testing.FakeGovernor;
import io.llmfailover.agent.testing.LoopbackServer;
import io.llmfailover.runtime.status.TaskCap;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.http.client.reactive.ClientHttpConnector;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * Every agent task slot taken (the cap is 2 in this test's JVM): a governed WebClient exchange goes
 * out at once through the app's own connector, ungoverned, but without the agent's own
 * {@code x-llm-route}, once.
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
        WebClient client = WebClient.builder()
                .clientConnector((ClientHttpConnector) adapter.governedConnector(new ReactorClientHttpConnector()))
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
    }
}
