package io.llmfailover.agent.client.urlconnection;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.llmfailover.agent.testing.EveryTaskSlotTaken;
import io.llmfailover.agent.testing.LoopbackServer;
import io.llmfailover.runtime.contract.AttemptRequest;
import io.llmfailover.runtime.contract.HeadDeadlineException;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Every agent task slot taken (the cap is 2 in this test's JVM): an attempt of an app whose
 * connection has no read timeout, to a provider that never answers, still ends at the agent's head
 * deadline, so the call can fail over instead of hanging.
 */
class UrlConnectionAtTaskCapTest {

    private static final Duration HEAD_DEADLINE = Duration.ofMillis(200);
    private static final Duration HANG_GUARD = Duration.ofSeconds(20);

    private final LoopbackServer hanging = new LoopbackServer();

    @AfterEach
    void stop() {
        hanging.close();
    }

    @Test
    void anAttemptWithNoReadTimeoutEndsAtTheHeadDeadline() throws Exception {
        hanging.answering(exchange -> hanging.holdUntilReleased());
        URI uri = hanging.uri("/v1/chat/completions");
        HttpURLConnection app = (HttpURLConnection) uri.toURL().openConnection();
        app.setReadTimeout(0);
        LlmRequest request = new LlmRequest("POST", uri, HttpHeaders.builder().add("Content-Type", "application/json").build(),
                "{\"model\":\"m\"}".getBytes(StandardCharsets.UTF_8));

        try (EveryTaskSlotTaken taken = new EveryTaskSlotTaken()) {
            assertTimeoutPreemptively(HANG_GUARD, () -> assertThrows(HeadDeadlineException.class,
                    () -> new UrlConnectionTransport(app, null).send(
                            new AttemptRequest(request, true, HttpHeaders.EMPTY, HEAD_DEADLINE, true))));
        }
    }
}
