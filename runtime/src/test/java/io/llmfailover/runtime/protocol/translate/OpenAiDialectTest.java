package io.llmfailover.runtime.protocol.translate;


import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.Operation;
import io.llmfailover.runtime.protocol.bridge.ProtocolBridge;
import io.llmfailover.runtime.protocol.bridge.ProtocolBridges;
import io.llmfailover.runtime.protocol.translate.openai.OpenAiDialects;
import io.llmfailover.runtime.provider.Protocol;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The rewrites OpenAI-compatible vendors need, on the same-protocol path and after translation. */
class OpenAiDialectTest {

    private static final String TOOL_HISTORY = """
            {"model":"gpt-4o","temperature":1.6,"seed":5,"max_completion_tokens":300,"tool_choice":"required","user":"u1",
             "messages":[{"role":"user","name":"ann","content":[{"type":"text","text":"Weather?"},{"type":"text","text":"Oslo."}]},
               {"role":"assistant","content":null,"tool_calls":[{"id":"call_Xk81mPq0aZ","type":"function","function":{"name":"w","arguments":"{}"}}]},
               {"role":"tool","tool_call_id":"call_Xk81mPq0aZ","content":"cold"}],
             "tools":[{"type":"function","function":{"name":"w","parameters":{"type":"object","properties":{}}}}]}
            """;

    @ParameterizedTest(name = "{0} ({1}) is the {2} dialect")
    @CsvSource({
            "primary, api.openai.com, openai",
            "ds, api.deepseek.com, deepseek",
            "mistral, api.mistral.ai, mistral",
            "kimi, api.moonshot.ai, moonshot",
            "qwen, dashscope-intl.aliyuncs.com, dashscope",
            "fast, api.groq.com, groq",
            "gemini-compat, generativelanguage.googleapis.com, gemini-openai",
            "groq, 127.0.0.1, groq",
            "local, 127.0.0.1, generic"})
    void picksTheDialectByHostThenByProviderName(String name, String host, String dialect) {
        assertEquals(dialect, OpenAiDialects.of(new TargetProvider(name, host)).name());
    }

    @Test
    void mistralGetsNineCharacterToolIdsThatStillMatchTheirResults() throws Exception {
        TargetRequest request = toSameProtocol("mistral", "api.mistral.ai", TOOL_HISTORY);
        ObjectNode body = Json.parseObject(request.body());
        String callId = body.path("messages").path(1).path("tool_calls").path(0).path("id").asText();
        assertTrue(callId.matches("[a-zA-Z0-9]{9}"), callId);
        assertEquals(callId, body.path("messages").path(2).path("tool_call_id").asText());
        assertEquals("any", body.path("tool_choice").asText());
        assertEquals(5, body.path("random_seed").asInt());
        assertFalse(body.has("seed") || body.has("user"));
        assertFalse(body.path("messages").path(0).has("name"));
        assertFalse(body.path("messages").path(1).has("content"), "nulls are stripped");
        assertEquals(300, body.path("max_tokens").asInt());
        assertTrue(request.dropped().containsAll(java.util.List.of("user", "messages[].name")));
    }

    @Test
    void moonshotGetsTemperatureWithinOneNoRequiredToolChoiceAndFlatText() throws Exception {
        TargetRequest request = toSameProtocol("kimi", "api.moonshot.ai", TOOL_HISTORY);
        ObjectNode body = Json.parseObject(request.body());
        assertEquals(1.0, body.path("temperature").asDouble());
        assertFalse(body.has("tool_choice"));
        assertTrue(request.dropped().contains("tool_choice"));
        assertEquals("Weather?\nOslo.", body.path("messages").path(0).path("content").asText());
        assertEquals(" ", body.path("messages").path(1).path("reasoning_content").asText());
    }

    @Test
    void deepSeekReadsMaxTokensAndKeepsReasoningContent() throws Exception {
        String request = "{\"model\":\"gpt-4o\",\"max_completion_tokens\":64,\"messages\":[{\"role\":\"user\",\"content\":\"a\"},"
                + "{\"role\":\"assistant\",\"content\":\"b\",\"reasoning_content\":\"because\"},{\"role\":\"user\",\"content\":\"c\"}]}";
        ObjectNode body = Json.parseObject(toSameProtocol("deepseek", "api.deepseek.com", request).body());
        assertEquals(64, body.path("max_tokens").asInt());
        assertFalse(body.has("max_completion_tokens"));
        assertEquals("because", body.path("messages").path(1).path("reasoning_content").asText());
        assertEquals("deepseek-chat", body.path("model").asText());
    }

    @Test
    void openAiItselfGetsMaxCompletionTokens() throws Exception {
        String request = "{\"model\":\"deepseek-chat\",\"max_tokens\":64,\"messages\":[{\"role\":\"user\",\"content\":\"a\"}]}";
        ObjectNode body = Json.parseObject(toSameProtocol("openai", "api.openai.com", request).body());
        assertEquals(64, body.path("max_completion_tokens").asInt());
        assertFalse(body.has("max_tokens"));
    }

    @Test
    void anUnknownCompatibleEndpointGetsTheAppsBodyUntouchedExceptTheModel() throws Exception {
        byte[] original = "{\"model\":\"gpt-4o\",\"messages\":[],\"max_completion_tokens\":9}".getBytes(StandardCharsets.UTF_8);
        SourceRequest source = new SourceRequest(Operation.CHAT_COMPLETIONS, "gpt-4o", false, null, original);
        ProtocolBridge bridge = ProtocolBridges.between(Protocol.OPENAI, Protocol.OPENAI,
                BridgeOptions.forTarget(new TargetProvider("local", "127.0.0.1")));
        assertArrayEquals(original, bridge.request(source, "gpt-4o").body());
        assertTrue(bridge.passesBodiesThrough());
    }

    @Test
    void translationFromAnotherProtocolAppliesTheTargetsDialectToo() throws Exception {
        String anthropic = "{\"model\":\"claude\",\"max_tokens\":50,\"messages\":[{\"role\":\"user\",\"content\":\"hi\"},"
                + "{\"role\":\"assistant\",\"content\":[{\"type\":\"tool_use\",\"id\":\"toolu_01AbCdEf\",\"name\":\"w\",\"input\":{}}]},"
                + "{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":\"toolu_01AbCdEf\",\"content\":\"ok\"}]}]}";
        SourceRequest source = Fixtures.source(Protocol.ANTHROPIC, false, anthropic.getBytes(StandardCharsets.UTF_8));
        ProtocolBridge bridge = ProtocolBridges.between(Protocol.ANTHROPIC, Protocol.OPENAI,
                BridgeOptions.forTarget(new TargetProvider("mistral", "api.mistral.ai")));
        JsonNode messages = Json.parseObject(bridge.request(source, "mistral-large-latest").body()).path("messages");
        String id = messages.path(1).path("tool_calls").path(0).path("id").asText();
        assertTrue(id.matches("[a-zA-Z0-9]{9}"), id);
        assertEquals(id, messages.path(2).path("tool_call_id").asText());
    }

    @Test
    void differentIdsStayDifferentAfterRewriting() throws Exception {
        String request = TOOL_HISTORY.replace("\"tool_calls\":[{\"id\":\"call_Xk81mPq0aZ\",\"type\":\"function\",\"function\":{\"name\":\"w\",\"arguments\":\"{}\"}}]",
                "\"tool_calls\":[{\"id\":\"call_1\",\"type\":\"function\",\"function\":{\"name\":\"w\",\"arguments\":\"{}\"}},"
                        + "{\"id\":\"call_2\",\"type\":\"function\",\"function\":{\"name\":\"w\",\"arguments\":\"{}\"}}]");
        JsonNode calls = Json.parseObject(toSameProtocol("mistral", "api.mistral.ai", request).body()).path("messages").path(1).path("tool_calls");
        assertNotEquals(calls.path(0).path("id").asText(), calls.path(1).path("id").asText());
    }

    private static TargetRequest toSameProtocol(String name, String host, String body) throws UntranslatableRequestException {
        SourceRequest source = new SourceRequest(Operation.CHAT_COMPLETIONS, "gpt-4o", false, null, body.getBytes(StandardCharsets.UTF_8));
        ProtocolBridge bridge = ProtocolBridges.between(Protocol.OPENAI, Protocol.OPENAI,
                BridgeOptions.forTarget(new TargetProvider(name, host)));
        return bridge.request(source, name.equals("deepseek") ? "deepseek-chat" : "gpt-4o");
    }
}
