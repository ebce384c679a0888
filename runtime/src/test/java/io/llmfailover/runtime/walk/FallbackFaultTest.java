package io.llmfailover.runtime.walk;


import static io.llmfailover.runtime.testing.ScriptedTransport.json;
import static io.llmfailover.runtime.testing.ScriptedTransport.ok;
import static io.llmfailover.runtime.testing.ScriptedTransport.refuse;
import static io.llmfailover.runtime.testing.ScriptedTransport.status;
import static io.llmfailover.runtime.walk.Chains.ANSWER;
import static io.llmfailover.runtime.walk.Chains.BACKUP;
import static io.llmfailover.runtime.walk.Chains.CLAUDE;
import static io.llmfailover.runtime.walk.Chains.CLAUDE_ANSWER;
import static io.llmfailover.runtime.walk.Chains.PRIMARY;
import static io.llmfailover.runtime.walk.Chains.THIRD;
import static io.llmfailover.runtime.walk.Chains.chat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.contract.Answer;
import io.llmfailover.runtime.contract.BufferedResponse;
import io.llmfailover.runtime.contract.FailoverHeaders;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.resilience.breaker.BreakerState;
import io.llmfailover.runtime.testing.LogCapture;
import io.llmfailover.runtime.testing.ScriptedTransport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What a fallback answers to the request the agent made for it is the fallback's doing, never the
 * app's: a redirect (H1), a refused key or model (M5), a success the bridge cannot translate (M5).
 * The addressed provider's own answers to the app's own request still reach the app as they are.
 */
class FallbackFaultTest {

    private final ScriptedTransport transport = new ScriptedTransport();

    private static ScriptedTransport.Answer redirect() {
        return status(302, "", "location", "http://elsewhere.example/v1/chat/completions");
    }

    @Test
    void H1_aFallbacksRedirectIsItsFailureAndTheNextProviderAnswers() throws IOException {
        Chains chains = new Chains("primary", "backup", "third");
        transport.on(PRIMARY, status(503, "{}"));
        transport.on(BACKUP, redirect());
        transport.on(THIRD, ok(ANSWER));

        for (int call = 0; call < 3; call++) {
            LlmResponse answer = chains.gateway.execute(chat(), transport);
            assertEquals(200, answer.status());
            assertEquals(Optional.of("third"), answer.headers().first(FailoverHeaders.PROVIDER));
        }

        assertEquals(BreakerState.OPEN, chains.state.breaker("backup", "backup-model").state(),
                "three redirects in a row are three failures");
        assertEquals(0, chains.inFlight("backup"));
    }

    @Test
    void H1_aFallbacksRedirectNeverReachesTheAppEvenWithNothingLeft() throws IOException {
        Chains chains = new Chains("primary", "backup");
        transport.on(PRIMARY, status(503, "{\"error\":{\"message\":\"primary down\"}}"));
        transport.on(BACKUP, redirect());

        LlmResponse answer = chains.gateway.execute(chat(), transport);

        assertEquals(503, answer.status(), "the exhaustion answer: the addressed provider's own error");
        assertFalse(answer.headers().contains("location"));
    }

    @Test
    void H1_withNoOtherAnswerAFallbacksRedirectBecomesA502() throws IOException {
        Chains chains = new Chains("primary", "backup");
        transport.on(PRIMARY, refuse());
        transport.on(BACKUP, redirect());

        LlmResponse answer = chains.gateway.execute(chat(), transport);

        assertEquals(502, answer.status());
        assertFalse(answer.headers().contains("location"));
    }

    @Test
    void H1_theAppsOwnRedirectIsHandedToItUntouched() throws IOException {
        Chains chains = new Chains("primary", "backup");
        BufferedResponse moved = ScriptedTransport.response(307, "", "location", "http://" + PRIMARY + "/v2/chat");
        transport.on(PRIMARY, request -> moved);
        transport.on(BACKUP, ok(ANSWER));

        Answer answer = chains.gateway.execute(chat(), transport);

        assertSame(moved, answer.ownResponse(), "its own client follows its own redirects");
        assertEquals(0, transport.sentTo(BACKUP));
    }

    @ParameterizedTest(name = "a fallback's {0}")
    @ValueSource(ints = {401, 402, 403, 404})
    void M5_aFallbacksRefusalIsItsFailureNotTheCallersAndIsLoggedByKeyId(int refusal) throws IOException {
        Chains chains = new Chains("primary", "backup", "third");
        transport.on(PRIMARY, status(503, "{}"));
        transport.on(BACKUP, status(refusal, "{\"error\":{\"message\":\"Incorrect API key provided\"}}"));
        transport.on(THIRD, ok(ANSWER));

        List<String> logged;
        LlmResponse answer;
        try (LogCapture log = new LogCapture()) {
            answer = chains.gateway.execute(chat(), transport);
            logged = log.linesWith("fallback backup");
        }

        assertEquals(Optional.of("third"), answer.headers().first(FailoverHeaders.PROVIDER));
        assertEquals(1, logged.size(), String.valueOf(logged));
        assertTrue(logged.get(0).contains(Chains.keyId("backup-key")) && logged.get(0).contains("HTTP " + refusal), logged.get(0));
        assertFalse(logged.get(0).contains("backup-key"), "the key itself is never logged");
    }

    @Test
    void M5_aFallbacksRefusalWithNothingLeftIsA502NotTheCallersFault() throws IOException {
        Chains chains = new Chains("primary", "backup");
        transport.on(PRIMARY, refuse());
        transport.on(BACKUP, status(401, "{\"error\":{\"message\":\"Incorrect API key provided\"}}"));

        LlmResponse answer = chains.gateway.execute(chat(), transport);

        assertEquals(502, answer.status());
        assertFalse(new String(answer.body().readAllBytes(), StandardCharsets.UTF_8).contains("Incorrect API key"));
    }

    @ParameterizedTest(name = "the addressed provider's own {0}")
    @ValueSource(ints = {400, 401, 403, 404, 413, 422})
    void M5_theAddressedProvidersOwnCallerErrorIsReturnedUntouchedAndNeverFailedOver(int status) throws IOException {
        Chains chains = new Chains("primary", "backup");
        BufferedResponse own = ScriptedTransport.response(status, "{\"error\":{\"message\":\"yours\"}}");
        transport.on(PRIMARY, request -> own);
        transport.on(BACKUP, ok(ANSWER));

        Answer answer = chains.gateway.execute(chat(), transport);

        assertSame(own, answer.ownResponse());
        assertEquals(0, transport.sentTo(BACKUP));
    }

    @ParameterizedTest(name = "a translated fallback's 200 with body [{0}]")
    @ValueSource(strings = {"not json at all", "[1, 2, 3]",
        "{\"type\":\"error\",\"error\":{\"type\":\"api_error\",\"message\":\"boom\"}}"})
    void M5_aMalformed200FromATranslatedFallbackIsItsFailureAndTheNextProviderAnswers(String body) throws IOException {
        Chains chains = new Chains("primary", "claude", "backup");
        transport.on(PRIMARY, status(503, "{}"));
        transport.on(CLAUDE, json(body));
        transport.on(BACKUP, ok(ANSWER));

        LlmResponse answer = chains.gateway.execute(chat(), transport);

        assertEquals(200, answer.status());
        assertEquals(Optional.of("backup"), answer.headers().first(FailoverHeaders.PROVIDER));
        assertEquals(0, chains.inFlight("claude"));
    }

    @Test
    void M5_aMalformed200FromTheLastTranslatedFallbackNeverReachesTheAppAsA200() throws IOException {
        Chains chains = new Chains("primary", "claude");
        transport.on(PRIMARY, refuse());
        transport.on(CLAUDE, json("not json at all"));

        LlmResponse answer = chains.gateway.execute(chat(), transport);

        assertEquals(502, answer.status());
    }

    @Test
    void aWellFormedTranslatedAnswerStillReachesTheAppInItsProtocol() throws IOException {
        Chains chains = new Chains("primary", "claude");
        transport.on(PRIMARY, status(503, "{}"));
        transport.on(CLAUDE, json(CLAUDE_ANSWER));

        LlmResponse answer = chains.gateway.execute(chat(), transport);
        String body = new String(answer.body().readAllBytes(), StandardCharsets.UTF_8);

        assertEquals(200, answer.status());
        assertEquals(Optional.of("claude"), answer.headers().first(FailoverHeaders.PROVIDER));
        assertTrue(body.contains("\"chat.completion\"") && body.contains("Hi"), body);
        assertEquals(BreakerState.CLOSED, chains.state.breaker("claude", "claude-sonnet-4-5").state());
    }
}
