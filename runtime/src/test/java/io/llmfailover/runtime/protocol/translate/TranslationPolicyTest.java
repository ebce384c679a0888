package io.llmfailover.runtime.protocol.translate;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.Operation;
import io.llmfailover.runtime.protocol.bridge.ProtocolBridge;
import io.llmfailover.runtime.protocol.bridge.ProtocolBridges;
import io.llmfailover.runtime.provider.Protocol;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What is refused (no failover), what is dropped and marked, what is mapped. */
class TranslationPolicyTest {

    private static final String USER = "\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]";

    @ParameterizedTest(name = "{0} refuses failover to {1}")
    @CsvSource(delimiter = '|', value = {
            "\"n\":2                                                        | ANTHROPIC",
            "\"n\":3                                                        | GEMINI",
            "\"modalities\":[\"text\",\"audio\"]                            | ANTHROPIC",
            "\"web_search_options\":{}                                      | GEMINI",
            "\"tools\":[{\"type\":\"custom\",\"custom\":{\"name\":\"x\"}}]  | ANTHROPIC",
    })
    void openAiRequestsThatCannotBeTranslatedAreRefused(String field, Protocol target) {
        assertRefused(Protocol.OPENAI, target, "{\"model\":\"gpt-4o\"," + USER + "," + field + "}");
    }

    @ParameterizedTest(name = "dropped towards {1}: {2}")
    @CsvSource(delimiter = '|', value = {
            "\"logprobs\":true,\"top_logprobs\":3   | ANTHROPIC | logprobs,top_logprobs",
            "\"logit_bias\":{\"50256\":-100}        | GEMINI    | logit_bias",
            "\"seed\":1,\"presence_penalty\":0.5    | ANTHROPIC | seed,presence_penalty",
            "\"store\":true,\"metadata\":{\"a\":\"b\"} | GEMINI | store,metadata",
            "\"top_p\":0.9,\"temperature\":0.5      | ANTHROPIC | top_p",
    })
    void openAiFieldsWithoutEquivalentAreDroppedAndMarked(String fields, Protocol target, String dropped) throws Exception {
        TargetRequest request = translate(Protocol.OPENAI, target, "{\"model\":\"gpt-4o\"," + USER + "," + fields + "}");
        for (String field : dropped.split(",")) {
            assertTrue(request.dropped().contains(field), field + " in " + request.dropped());
        }
    }

    @Test
    void geminiKeepsSeedAndPenalties() throws Exception {
        ObjectNode body = body(Protocol.OPENAI, Protocol.GEMINI,
                "{\"model\":\"gpt-4o\"," + USER + ",\"seed\":9,\"presence_penalty\":0.5,\"frequency_penalty\":0.25}");
        assertEquals(9, body.path("generationConfig").path("seed").asInt());
        assertEquals(0.5, body.path("generationConfig").path("presencePenalty").asDouble());
        assertEquals(0.25, body.path("generationConfig").path("frequencyPenalty").asDouble());
    }

    @ParameterizedTest(name = "temperature {0} -> {1}")
    @CsvSource({"1.7, 1.0", "0.4, 0.4", "-1, 0.0"})
    void anthropicTemperatureIsClampedToZeroToOne(double asked, double sent) throws Exception {
        ObjectNode body = body(Protocol.OPENAI, Protocol.ANTHROPIC, "{\"model\":\"gpt-4o\"," + USER + ",\"temperature\":" + asked + "}");
        assertEquals(sent, body.path("temperature").asDouble());
    }

    @Test
    void anthropicGetsTheConfiguredMaxTokensWhenTheAppSetNone() throws Exception {
        SourceRequest source = source(Protocol.OPENAI, "{\"model\":\"gpt-4o\"," + USER + "}");
        ProtocolBridge bridge = ProtocolBridges.between(Protocol.OPENAI, Protocol.ANTHROPIC,
                Fixtures.OPTIONS.withDefaultMaxTokens(2000));
        assertEquals(2000, Json.parseObject(bridge.request(source, "claude-haiku-4-5").body()).path("max_tokens").asInt());
        assertEquals(4096, body(Protocol.OPENAI, Protocol.ANTHROPIC, "{\"model\":\"gpt-4o\"," + USER + "}").path("max_tokens").asInt());
    }

    @Test
    void aStreamingOpenAiTargetIsAlwaysAskedForUsage() throws Exception {
        ObjectNode body = body(Protocol.ANTHROPIC, Protocol.OPENAI,
                "{\"model\":\"claude\",\"max_tokens\":10,\"stream\":true," + USER + "}");
        assertTrue(body.path("stream_options").path("include_usage").asBoolean());
    }

    @Test
    void jsonSchemaOutputBecomesAForcedToolAtAnthropicAndTextOnTheWayBack() throws Exception {
        String request = "{\"model\":\"gpt-4o\"," + USER + ",\"response_format\":{\"type\":\"json_schema\",\"json_schema\":"
                + "{\"name\":\"answer\",\"schema\":{\"type\":\"object\",\"properties\":{\"ok\":{\"type\":\"boolean\"}}}}}}";
        ObjectNode body = body(Protocol.OPENAI, Protocol.ANTHROPIC, request);
        assertEquals("json_tool_call", body.path("tool_choice").path("name").asText());
        assertEquals("boolean", body.path("tools").path(0).path("input_schema").path("properties").path("ok").path("type").asText());

        String answer = "{\"id\":\"msg_1\",\"type\":\"message\",\"role\":\"assistant\",\"model\":\"claude\",\"content\":[{\"type\":\"tool_use\","
                + "\"id\":\"toolu_1\",\"name\":\"json_tool_call\",\"input\":{\"ok\":true}}],\"stop_reason\":\"tool_use\",\"usage\":{}}";
        SourceRequest source = source(Protocol.OPENAI, request);
        ProtocolBridge bridge = Fixtures.bridge(Protocol.OPENAI, Protocol.ANTHROPIC);
        ObjectNode translated = Json.parseObject(bridge.response(new java.io.ByteArrayInputStream(answer.getBytes(StandardCharsets.UTF_8)),
                source, bridge.request(source, "claude")).readAllBytes());
        assertEquals("{\"ok\":true}", translated.path("choices").path(0).path("message").path("content").asText());
        assertEquals("stop", translated.path("choices").path(0).path("finish_reason").asText());
        assertFalse(translated.path("choices").path(0).path("message").has("tool_calls"));
    }

    @Test
    void jsonOutputBecomesGeminiResponseMimeTypeWithASchemaCutToItsSubset() throws Exception {
        ObjectNode body = body(Protocol.OPENAI, Protocol.GEMINI, "{\"model\":\"gpt-4o\"," + USER + ",\"response_format\":{\"type\":\"json_schema\","
                + "\"json_schema\":{\"name\":\"a\",\"schema\":{\"type\":\"object\",\"additionalProperties\":false,\"properties\":{\"n\":{\"type\":[\"integer\",\"null\"]}}}}}}");
        ObjectNode config = (ObjectNode) body.path("generationConfig");
        assertEquals("application/json", config.path("responseMimeType").asText());
        assertFalse(config.path("responseSchema").has("additionalProperties"));
        assertTrue(config.path("responseSchema").path("properties").path("n").path("nullable").asBoolean());
    }

    @Test
    void thinkingIsAskedOfAnthropicOnlyWhenTheHistoryHoldsNoForeignToolCalls() throws Exception {
        ObjectNode plain = body(Protocol.OPENAI, Protocol.ANTHROPIC, "{\"model\":\"o3\"," + USER + ",\"reasoning_effort\":\"medium\",\"max_completion_tokens\":8000}");
        assertEquals("enabled", plain.path("thinking").path("type").asText());
        assertEquals(2048, plain.path("thinking").path("budget_tokens").asInt());

        TargetRequest withToolHistory = translate(Protocol.OPENAI, Protocol.ANTHROPIC, "{\"model\":\"o3\",\"reasoning_effort\":\"high\",\"messages\":["
                + "{\"role\":\"user\",\"content\":\"hi\"},{\"role\":\"assistant\",\"reasoning_content\":\"hmm\",\"tool_calls\":[{\"id\":\"c1\",\"type\":\"function\","
                + "\"function\":{\"name\":\"f\",\"arguments\":\"{}\"}}]},{\"role\":\"tool\",\"tool_call_id\":\"c1\",\"content\":\"ok\"}]}");
        assertFalse(Json.parseObject(withToolHistory.body()).has("thinking"));
        assertTrue(withToolHistory.dropped().containsAll(java.util.List.of("reasoning", "messages[].reasoning_content")));
    }

    @Test
    void signedThinkingFromAnthropicHistoryNeverReachesAnotherVendor() throws Exception {
        String request = "{\"model\":\"claude\",\"max_tokens\":100,\"messages\":[{\"role\":\"user\",\"content\":\"hi\"},"
                + "{\"role\":\"assistant\",\"content\":[{\"type\":\"thinking\",\"thinking\":\"secret\",\"signature\":\"sig\"},"
                + "{\"type\":\"redacted_thinking\",\"data\":\"xyz\"},{\"type\":\"text\",\"text\":\"hello\"}]},{\"role\":\"user\",\"content\":\"more\"}]}";
        for (Protocol target : new Protocol[] {Protocol.OPENAI, Protocol.GEMINI}) {
            String body = new String(translate(Protocol.ANTHROPIC, target, request).body(), StandardCharsets.UTF_8);
            assertFalse(body.contains("secret") || body.contains("sig") || body.contains("xyz"), body);
        }
    }

    @ParameterizedTest(name = "Responses call refused: {0}")
    @CsvSource(delimiter = '|', value = {
            "\"previous_response_id\":\"resp_1\"",
            "\"conversation\":\"conv_1\"",
            "\"store\":true",
            "\"tools\":[{\"type\":\"web_search\"}]",
    })
    void statefulOrBuiltInToolResponsesCallsAreNotFailedOverToAnotherVendor(String field) {
        byte[] body = ("{\"model\":\"gpt-4o\",\"input\":\"hi\"," + field + "}").getBytes(StandardCharsets.UTF_8);
        SourceRequest source = new SourceRequest(Operation.RESPONSES, "gpt-4o", false, null, body);
        assertThrows(UntranslatableRequestException.class,
                () -> Fixtures.bridge(Protocol.OPENAI, Protocol.ANTHROPIC).request(source, "claude"));
    }

    @Test
    void embeddingsAreNotTranslated() {
        SourceRequest source = new SourceRequest(Operation.EMBEDDINGS, "text-embedding-3-small", false, null,
                "{\"input\":\"x\"}".getBytes(StandardCharsets.UTF_8));
        assertThrows(UntranslatableRequestException.class, () -> Fixtures.bridge(Protocol.OPENAI, Protocol.GEMINI).request(source, "m"));
    }

    @Test
    void geminiRequestsForSeveralCandidatesOrCachedContentAreRefused() {
        assertRefused(Protocol.GEMINI, Protocol.OPENAI, "{\"contents\":[],\"generationConfig\":{\"candidateCount\":2}}");
        assertRefused(Protocol.GEMINI, Protocol.ANTHROPIC, "{\"contents\":[],\"cachedContent\":\"cachedContents/1\"}");
        assertRefused(Protocol.GEMINI, Protocol.ANTHROPIC, "{\"contents\":[],\"tools\":[{\"googleSearch\":{}}]}");
    }

    @Test
    void anthropicServerToolsAreRefused() {
        assertRefused(Protocol.ANTHROPIC, Protocol.OPENAI, "{\"model\":\"c\",\"max_tokens\":5," + USER
                + ",\"tools\":[{\"type\":\"web_search_20250305\",\"name\":\"web_search\"}]}");
    }

    @Test
    void aGeminiTargetIsAskedForSseFramesOnTheStreamingPath() throws Exception {
        TargetRequest request = translate(Protocol.OPENAI, Protocol.GEMINI, "{\"model\":\"gpt-4o\",\"stream\":true," + USER + "}");
        assertEquals("/models/gemini-2.5-flash:streamGenerateContent?alt=sse", request.path());
        assertTrue(request.stream());
    }

    private static void assertRefused(Protocol from, Protocol to, String body) {
        assertThrows(UntranslatableRequestException.class, () -> translate(from, to, body));
    }

    private static SourceRequest source(Protocol from, String body) {
        return Fixtures.source(from, body.contains("\"stream\":true"), body.getBytes(StandardCharsets.UTF_8));
    }

    private static TargetRequest translate(Protocol from, Protocol to, String body) throws UntranslatableRequestException {
        return Fixtures.bridge(from, to).request(source(from, body), Fixtures.targetModel(to));
    }

    private static ObjectNode body(Protocol from, Protocol to, String body) throws UntranslatableRequestException {
        return Json.parseObject(translate(from, to, body).body());
    }
}
