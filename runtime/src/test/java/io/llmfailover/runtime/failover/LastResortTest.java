package io.llmfailover.runtime.failover;

import static io.llmfailover.runtime.failover.Chains.ANSWER;
import static io.llmfailover.runtime.failover.Chains.BACKUP;
import static io.llmfailover.runtime.failover.Chains.PRIMARY;
import static io.llmfailover.runtime.failover.Chains.chat;
import static io.llmfailover.runtime.testing.ScriptedTransport.brokenStream;
import static io.llmfailover.runtime.testing.ScriptedTransport.drain;
import static io.llmfailover.runtime.testing.ScriptedTransport.ok;
import static io.llmfailover.runtime.testing.ScriptedTransport.sse;
import static io.llmfailover.runtime.testing.ScriptedTransport.status;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.llmfailover.runtime.config.CacheSettings;
import io.llmfailover.runtime.http.LlmRequest;
import io.llmfailover.runtime.http.LlmResponse;
import io.llmfailover.runtime.testing.ScriptedTransport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * {@code cache.last-resort}: a successful answer the app read whole is kept, and when every step of
 * the chain fails an identical request gets it back, marked as the cache's, in the form it was read.
 */
class LastResortTest {

    private static final String DOWN = "{\"error\":{\"type\":\"server_error\"}}";
    private static final String STREAM = "data: {\"choices\":[{\"delta\":{\"content\":\"Hi\"}}]}\n\ndata: [DONE]\n\n";
    private static final CacheSettings ON = new CacheSettings(true, 1000, Duration.ofMinutes(10));

    private final Chains chains = new Chains(ON, "primary", "backup");

    @Test
    void whenEveryStepFailsAnIdenticalRequestIsAnsweredFromTheCache() throws Exception {
        read(chains.gateway.execute(chat(), new ScriptedTransport().on(PRIMARY, ok(ANSWER))));

        LlmResponse answer = chains.gateway.execute(chat(), allDown());

        assertEquals(200, answer.status());
        assertEquals("cache", answer.headers().first(FailoverHeaders.PROVIDER).orElse(null));
        assertEquals("application/json", answer.headers().first("content-type").orElse(null));
        assertEquals(ANSWER, read(answer));
    }

    @Test
    void everyStepIsTriedBeforeTheCacheIsAsked() throws Exception {
        read(chains.gateway.execute(chat(), new ScriptedTransport().on(PRIMARY, ok(ANSWER))));
        ScriptedTransport down = allDown();

        chains.gateway.execute(chat(), down);

        assertEquals(1, down.sentTo(PRIMARY));
        assertEquals(1, down.sentTo(BACKUP));
    }

    @Test
    void aProviderThatAnswersIsServedNotTheCache() throws Exception {
        read(chains.gateway.execute(chat(), new ScriptedTransport().on(PRIMARY, ok(ANSWER))));
        String fresh = ANSWER.replace("chatcmpl-1", "chatcmpl-2");

        LlmResponse answer = chains.gateway.execute(chat(), new ScriptedTransport()
                .on(PRIMARY, status(503, DOWN)).on(BACKUP, ok(fresh)));

        assertEquals("backup", answer.headers().first(FailoverHeaders.PROVIDER).orElse(null));
        assertEquals(fresh, read(answer));
    }

    @Test
    void aBadRequestGetsTheProvidersOwnAnswerNotTheCache() throws Exception {
        read(chains.gateway.execute(chat(), new ScriptedTransport().on(PRIMARY, ok(ANSWER))));

        LlmResponse answer = chains.gateway.execute(chat(), new ScriptedTransport()
                .on(PRIMARY, status(400, "{\"error\":{\"type\":\"invalid_request_error\"}}"))
                .on(BACKUP, ok(ANSWER)));

        assertEquals(400, answer.status());
    }

    @Test
    void aDifferentRequestIsNotAnsweredFromTheCache() throws Exception {
        read(chains.gateway.execute(chat(), new ScriptedTransport().on(PRIMARY, ok(ANSWER))));

        LlmResponse answer = chains.gateway.execute(chat(true), allDown());

        assertEquals(503, answer.status(), "a streamed request is not the unstreamed one");
    }

    @Test
    void aStreamedRequestIsServedAsTheStreamTheAppReadWithTheMarker() throws Exception {
        read(chains.gateway.execute(chat(true), new ScriptedTransport().on(PRIMARY, sse(STREAM))));

        LlmResponse answer = chains.gateway.execute(chat(true), allDown());

        assertEquals(200, answer.status());
        assertEquals("text/event-stream", answer.headers().first("content-type").orElse(null));
        assertEquals("cache", answer.headers().first(FailoverHeaders.PROVIDER).orElse(null));
        assertEquals(STREAM, read(answer));
    }

    @Test
    void aStreamThatBrokeIsNotKept() throws Exception {
        String firstEvent = "data: {\"choices\":[{\"delta\":{\"content\":\"Hi\"}}]}\n\n";
        LlmResponse broken = chains.gateway.execute(chat(true), new ScriptedTransport()
                .on(PRIMARY, brokenStream(firstEvent + "data: {\"choi")).on(BACKUP, status(503, DOWN)));
        assertNotNull(drain(broken.body()).end(), "the app saw the break");

        LlmResponse answer = chains.gateway.execute(chat(true), allDown());

        assertEquals(503, answer.status());
    }

    @Test
    void anAnswerTheAppDidNotReadToItsEndIsNotKept() throws Exception {
        LlmResponse abandoned = chains.gateway.execute(chat(), new ScriptedTransport().on(PRIMARY, ok(ANSWER)));
        abandoned.body().read(new byte[3]);
        abandoned.body().close();

        assertEquals(503, chains.gateway.execute(chat(), allDown()).status());
    }

    @Test
    void aKeptAnswerExpiresAfterTheTtl() throws Exception {
        read(chains.gateway.execute(chat(), new ScriptedTransport().on(PRIMARY, ok(ANSWER))));

        chains.clock.advance(Duration.ofMinutes(10));

        assertEquals(503, chains.gateway.execute(chat(), allDown()).status());
    }

    @Test
    void aRequestWithToolsIsNotKeptByDefault() throws Exception {
        read(chains.gateway.execute(withTools(), new ScriptedTransport().on(PRIMARY, ok(ANSWER))));

        assertEquals(503, chains.gateway.execute(withTools(), allDown()).status());
    }

    @Test
    void aRequestWithToolsIsKeptWhenCacheToolsIsOn() throws Exception {
        Chains withToolsKept = new Chains(new CacheSettings(true, 1000, Duration.ofMinutes(10), true), "primary", "backup");
        read(withToolsKept.gateway.execute(withTools(), new ScriptedTransport().on(PRIMARY, ok(ANSWER))));

        LlmResponse answer = withToolsKept.gateway.execute(withTools(), allDown());

        assertEquals(200, answer.status());
        assertEquals(ANSWER, read(answer));
    }

    @Test
    void offByDefault() throws Exception {
        Chains plain = new Chains("primary", "backup");
        read(plain.gateway.execute(chat(), new ScriptedTransport().on(PRIMARY, ok(ANSWER))));

        assertEquals(503, plain.gateway.execute(chat(), allDown()).status());
    }

    private static ScriptedTransport allDown() {
        return new ScriptedTransport().on(PRIMARY, status(503, DOWN)).on(BACKUP, status(503, DOWN));
    }

    private static LlmRequest withTools() {
        LlmRequest plain = chat();
        String body = new String(plain.body(), StandardCharsets.UTF_8)
                .replace("{\"model\"", "{\"tools\":[{\"type\":\"function\",\"function\":{\"name\":\"charge_card\"}}],\"model\"");
        return plain.withBody(body.getBytes(StandardCharsets.UTF_8));
    }

    private static String read(LlmResponse response) throws IOException {
        try (var body = response.body()) {
            return new String(body.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
