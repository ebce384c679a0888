package io.llmfailover.agent.client.apache5;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.llmfailover.agent.testing.EveryTaskSlotTaken;
import io.llmfailover.agent.testing.FakeGovernor;
import io.llmfailover.agent.testing.LoopbackServer;
import io.llmfailover.runtime.time.TaskCap;
import java.util.concurrent.TimeUnit;
import org.apache.hc.client5.http.async.methods.SimpleHttpResponse;
import org.apache.hc.client5.http.async.methods.SimpleRequestBuilder;
import org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient;
import org.apache.hc.client5.http.impl.async.HttpAsyncClientBuilder;
import org.apache.hc.client5.http.impl.async.HttpAsyncClients;
import org.apache.hc.core5.http.ContentType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Every agent task slot taken (the cap is 2 in this test's JVM): a governed call of HttpClient 5
 * async goes down the rest of the chain at once, ungoverned, but without the agent's own
 * {@code x-llm-route}, once.
 */
class Apache5AsyncAtTaskCapTest {

    private static final String CHAT = "{\"model\":\"gpt-4o\",\"messages\":[]}";

    private final LoopbackServer primary = new LoopbackServer();
    private CloseableHttpAsyncClient client;

    @AfterEach
    void close() throws Exception {
        if (client != null) {
            client.close();
        }
        primary.close();
    }

    @Test
    void aGovernedCallWithTheRouteHeaderGoesOutUngovernedWithoutIt() throws Exception {
        HttpAsyncClientBuilder builder = HttpAsyncClients.custom();
        new Apache5Adapter(FakeGovernor::neverReached).asyncBuilding(builder);
        client = builder.build();
        client.start();
        long before = TaskCap.count(TaskCap.Fallback.CALL_UNGOVERNED);

        SimpleHttpResponse response;
        try (EveryTaskSlotTaken taken = new EveryTaskSlotTaken()) {
            response = client.execute(SimpleRequestBuilder.post(primary.uri("/v1/chat/completions"))
                    .setHeader("Authorization", "Bearer app-key")
                    .setHeader("x-llm-route", "budget")
                    .setBody(CHAT, ContentType.APPLICATION_JSON)
                    .build(), null).get(20, TimeUnit.SECONDS);
        }

        assertEquals(200, response.getCode());
        assertEquals(1, primary.received().size(), "sent once");
        LoopbackServer.Received received = primary.received().get(0);
        assertNull(received.header("x-llm-route"), "the agent's own header never reaches a provider");
        assertEquals("Bearer app-key", received.header("Authorization"));
        assertEquals(CHAT, received.bodyText());
        assertEquals(before + 1, TaskCap.count(TaskCap.Fallback.CALL_UNGOVERNED));
    }
}
