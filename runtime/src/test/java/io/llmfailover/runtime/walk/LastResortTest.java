package io.llmfailover.runtime.walk;


import static io.llmfailover.runtime.testing.ScriptedTransport.brokenStream;
import static io.llmfailover.runtime.testing.ScriptedTransport.drain;
import static io.llmfailover.runtime.testing.ScriptedTransport.ok;
import static io.llmfailover.runtime.testing.ScriptedTransport.sse;
import static io.llmfailover.runtime.testing.ScriptedTransport.status;
import static io.llmfailover.runtime.walk.Chains.ANSWER;
import static io.llmfailover.runtime.walk.Chains.BACKUP;
import static io.llmfailover.runtime.walk.Chains.PRIMARY;
import static io.llmfailover.runtime.walk.Chains.chat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.llmfailover.runtime.config.CacheSettings;
import io.llmfailover.runtime.config.CallBudget;
import io.llmfailover.runtime.config.FailoverConfig;
import io.llmfailover.runtime.config.TrafficShaping;
import io.llmfailover.runtime.contract.FailoverHeaders;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.gateway.Gateway;
import io.llmfailover.runtime.testing.ScriptedTransport;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
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
    void aCallerWithAnotherCredentialNeverGetsAnotherTenantsAnswer() throws Exception {
        read(chains.gateway.execute(chat(), new ScriptedTransport().on(PRIMARY, ok(ANSWER))));

        LlmResponse revoked = chains.gateway.execute(withCredential(chat(), "Bearer sk-revoked-tenant"), allDown());
        LlmResponse keyless = chains.gateway.execute(withCredential(chat(), null), allDown());

        assertEquals(503, revoked.status(), "the same question from another credential is not answered from the cache");
        assertEquals(503, keyless.status(), "nor from no credential at all");
        assertEquals(200, chains.gateway.execute(chat(), allDown()).status(), "the tenant who asked still gets it");
    }

    @Test
    void twoAzureResourcesDoNotShareEntries() throws Exception {
        FailoverConfig defaults = FailoverConfig.defaults();
        Gateway azure = Gateway.builder(new FailoverConfig(defaults.source(), defaults.providers(), defaults.routes(),
                defaults.breaker(), defaults.throttle(), defaults.firstContentDeadline(), defaults.failoverOn(),
                defaults.defaultMaxTokens(), defaults.otel(), defaults.strict(), defaults.extra(), defaults.headDeadline(),
                defaults.bufferMaxBytes(), new TrafficShaping(CallBudget.UNLIMITED, Map.of(), ON)))
                .clock(chains.clock).scheduler(chains.scheduler).build();
        read(azure.execute(azureChat("east"), new ScriptedTransport().on("east.openai.azure.com", ok(ANSWER))));
        ScriptedTransport down = new ScriptedTransport()
                .on("east.openai.azure.com", status(503, DOWN)).on("west.openai.azure.com", status(503, DOWN));

        assertEquals(503, azure.execute(azureChat("west"), down).status(), "west never gets east's answer");
        assertEquals(200, azure.execute(azureChat("east"), down).status());
    }

    @Test
    void aRequestAskingTheProviderToStoreItsAnswerIsNeitherKeptNorAnswered() throws Exception {
        LlmRequest stored = withBody(chat(), "{\"model\"", "{\"store\":true,\"model\"");
        read(chains.gateway.execute(stored, new ScriptedTransport().on(PRIMARY, ok(ANSWER))));

        assertEquals(503, chains.gateway.execute(stored, allDown()).status());
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
        return withBody(chat(), "{\"model\"",
                "{\"tools\":[{\"type\":\"function\",\"function\":{\"name\":\"charge_card\"}}],\"model\"");
    }

    private static LlmRequest withBody(LlmRequest plain, String target, String replacement) {
        String body = new String(plain.body(), StandardCharsets.UTF_8).replace(target, replacement);
        return plain.withBody(body.getBytes(StandardCharsets.UTF_8));
    }

    /** {@code request} with another {@code Authorization}, or none. */
    private static LlmRequest withCredential(LlmRequest request, String authorization) {
        HttpHeaders.Builder headers = request.headers().toBuilder().remove("authorization");
        if (authorization != null) {
            headers.set("Authorization", authorization);
        }
        return request.withHeaders(headers.build());
    }

    private static LlmRequest azureChat(String resource) {
        return new LlmRequest("POST", URI.create("https://" + resource + ".openai.azure.com/openai/v1/chat/completions"),
                HttpHeaders.builder().add("api-key", "the-same-app-key").build(), chat().body());
    }

    private static String read(LlmResponse response) throws IOException {
        try (var body = response.body()) {
            return new String(body.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
