package io.llmfailover.agent.client.jetty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.llmfailover.agent.testing.EveryTaskSlotTaken;
import io.llmfailover.agent.testing.FakeGovernor;
import io.llmfailover.agent.testing.LoopbackServer;
import io.llmfailover.runtime.time.TaskCap;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.StringRequestContent;
import org.eclipse.jetty.client.transport.HttpRequest;
import org.eclipse.jetty.http.HttpMethod;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every agent task slot taken (the cap is 2 in this test's JVM): the adapter leaves a governed
 * Jetty send to Jetty, ungoverned, but without the agent's own {@code x-llm-route}, once.
 */
class JettyAtTaskCapTest {

    private static final String CHAT = "{\"model\":\"gpt-4o\",\"messages\":[]}";

    private final LoopbackServer primary = new LoopbackServer();
    private final HttpClient client = new HttpClient();

    @BeforeEach
    void start() throws Exception {
        client.start();
    }

    @AfterEach
    void close() throws Exception {
        client.stop();
        primary.close();
    }

    @Test
    void aGovernedSendWithTheRouteHeaderIsLeftToJettyWithoutIt() throws Exception {
        HttpRequest chat = (HttpRequest) client.newRequest(primary.uri("/v1/chat/completions"))
                .method(HttpMethod.POST)
                .headers(headers -> headers.put("Authorization", "Bearer app-key").put("x-llm-route", "budget"))
                .body(new StringRequestContent("application/json", CHAT))
                .timeout(20, TimeUnit.SECONDS);
        long before = TaskCap.count(TaskCap.Fallback.CALL_UNGOVERNED);

        ContentResponse response;
        try (EveryTaskSlotTaken taken = new EveryTaskSlotTaken()) {
            assertFalse(new JettyAdapter(FakeGovernor::neverReached).send(chat, client.resolveDestination(chat), null),
                    "left to Jetty");
            response = chat.send();
        }

        assertEquals(200, response.getStatus());
        assertEquals(1, primary.received().size(), "sent once");
        LoopbackServer.Received received = primary.received().get(0);
        assertNull(received.header("x-llm-route"), "the agent's own header never reaches a provider");
        assertEquals("Bearer app-key", received.header("Authorization"));
        assertEquals(CHAT, received.bodyText());
        assertEquals(before + 1, TaskCap.count(TaskCap.Fallback.CALL_UNGOVERNED));
    }
}
