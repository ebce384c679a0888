package io.llmfailover.agent.client.jdkhttp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.llmfailover.agent.bootstrap.AgentThreads;
import io.llmfailover.agent.testing.EveryTaskSlotTaken;
import io.llmfailover.agent.testing.FakeGovernor;
import io.llmfailover.agent.testing.LoopbackServer;
import io.llmfailover.runtime.time.TaskCap;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Every agent task slot taken (the cap is 2 in this test's JVM): a governed {@code sendAsync} goes
 * out at once through the client's own {@code sendAsync}, ungoverned, but without the agent's own
 * {@code x-llm-route}, which the JDK's request cannot lose in place: the copy without it is sent, once.
 */
class JdkHttpAtTaskCapTest {

    private static final String PROMPT = "{\"model\":\"gpt-4o\",\"messages\":[]}";

    private final LoopbackServer primary = new LoopbackServer();
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @AfterEach
    void stop() {
        primary.close();
    }

    @Test
    @SuppressWarnings("unchecked")
    void aGovernedSendAsyncWithTheRouteHeaderGoesOutUngovernedWithoutIt() throws Exception {
        JdkHttpAdapter adapter = new JdkHttpAdapter(FakeGovernor::neverReached, AgentThreads.of("call"));
        HttpRequest chat = HttpRequest.newBuilder(primary.uri("/v1/chat/completions"))
                .header("Authorization", "Bearer app-key").header("x-llm-route", "budget")
                .POST(HttpRequest.BodyPublishers.ofString(PROMPT)).build();
        long before = TaskCap.count(TaskCap.Fallback.CALL_UNGOVERNED);

        HttpResponse<String> response;
        try (EveryTaskSlotTaken taken = new EveryTaskSlotTaken()) {
            response = ((CompletableFuture<HttpResponse<String>>) adapter
                    .sendAsync(client, chat, BodyHandlers.ofString(), null).value()).get(20, TimeUnit.SECONDS);
        }

        assertEquals(200, response.statusCode());
        assertEquals(1, primary.received().size(), "sent once");
        LoopbackServer.Received received = primary.received().get(0);
        assertNull(received.header("x-llm-route"), "the agent's own header never reaches a provider");
        assertEquals("Bearer app-key", received.header("Authorization"));
        assertEquals(PROMPT, received.bodyText());
        assertEquals(before + 1, TaskCap.count(TaskCap.Fallback.CALL_UNGOVERNED));
    }
}
