package io.llmfailover.runtime.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.call.GovernedCall;
import io.llmfailover.runtime.http.HttpHeaders;
import io.llmfailover.runtime.http.LlmRequest;
import io.llmfailover.runtime.protocol.Operation;
import io.llmfailover.runtime.protocol.translate.SourceRequest;
import io.llmfailover.runtime.provider.Protocol;
import io.llmfailover.runtime.provider.Provider;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The cache key: the same question asked the same way has one key, whatever its spelling; credentials never count. */
class CacheableRequestTest {

    private static final String HELLO = "{\"model\":\"gpt-4o\",\"temperature\":0.2,"
            + "\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";

    @Test
    void fieldOrderAndWhitespaceDoNotChangeTheKey() {
        String reordered = "{ \"messages\" : [ { \"content\":\"hi\", \"role\":\"user\" } ],\n"
                + "  \"temperature\": 0.2,  \"model\": \"gpt-4o\" }";

        assertEquals(keyOf(call(HELLO)), keyOf(call(reordered)));
    }

    @Test
    void differentMessagesHaveDifferentKeys() {
        String other = HELLO.replace("\"hi\"", "\"hello\"");

        assertNotEquals(keyOf(call(HELLO)), keyOf(call(other)));
    }

    @Test
    void theTemperatureModelAndToolsCount() {
        assertNotEquals(keyOf(call(HELLO)), keyOf(call(HELLO.replace("0.2", "0.9"))));
        assertNotEquals(keyOf(call(HELLO)), keyOf(call(HELLO.replace("gpt-4o", "gpt-4o-mini"))));
        assertNotEquals(keyOf(call(HELLO)), keyOf(call(HELLO.replace("{\"model\"", "{\"tools\":[{\"type\":\"function\"}],\"model\""))));
    }

    @Test
    void aStreamedRequestAndAnotherOperationHaveKeysOfTheirOwnSinceTheirAnswersAreWrittenDifferently() {
        GovernedCall plain = call(HELLO);
        GovernedCall streamed = new GovernedCall(plain.request(), plain.addressed(),
                new SourceRequest(Operation.CHAT_COMPLETIONS, "gpt-4o", true, null, plain.source().body()));
        GovernedCall responses = new GovernedCall(plain.request(), plain.addressed(),
                new SourceRequest(Operation.RESPONSES, "gpt-4o", false, null, plain.source().body()));

        assertNotEquals(keyOf(plain), keyOf(streamed));
        assertNotEquals(keyOf(plain), keyOf(responses));
    }

    @Test
    void credentialsAreNeverPartOfTheKey() {
        CacheKey one = keyOf(call(HELLO, "Bearer sk-first-secret"));
        CacheKey other = keyOf(call(HELLO, "Bearer sk-second-secret"));

        assertEquals(one, other, "the app's key is not the question");
        assertFalse(one.toString().contains("secret"));
        assertEquals(64, one.sha256().length(), "only a SHA-256 is kept");
    }

    @Test
    void toolsAreSeenWhetherModernOrLegacyButAnEmptyListIsNone() {
        assertTrue(CacheableRequest.of(call(HELLO.replace("{", "{\"tools\":[{\"type\":\"function\"}],"))).get().carriesTools());
        assertTrue(CacheableRequest.of(call(HELLO.replace("{", "{\"functions\":[{\"name\":\"f\"}],"))).get().carriesTools());
        assertFalse(CacheableRequest.of(call(HELLO.replace("{", "{\"tools\":[],"))).get().carriesTools());
        assertFalse(CacheableRequest.of(call(HELLO)).get().carriesTools());
    }

    @Test
    void aBodyThatIsNotJsonIsNotCached() {
        assertTrue(CacheableRequest.of(call("not json")).isEmpty());
    }

    private static CacheKey keyOf(GovernedCall call) {
        return CacheableRequest.of(call).orElseThrow().key();
    }

    static GovernedCall call(String body) {
        return call(body, "Bearer sk-app-secret");
    }

    private static GovernedCall call(String body, String authorization) {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        Provider openai = new Provider("primary", URI.create("http://127.0.0.1:9001/v1"), Protocol.OPENAI, List.of(),
                Map.of());
        LlmRequest request = new LlmRequest("POST", URI.create("http://127.0.0.1:9001/v1/chat/completions"),
                HttpHeaders.builder().add("Authorization", authorization).build(), bytes);
        return new GovernedCall(request, openai,
                new SourceRequest(Operation.CHAT_COMPLETIONS, "gpt-4o", false, null, bytes));
    }
}
