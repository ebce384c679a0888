package io.llmfailover.runtime.protocol.translate;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.bridge.ProtocolBridge;
import io.llmfailover.runtime.provider.Protocol;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A tool call answered on a fallback, then its result sent back: ids and names stay consistent. */
class ToolCallRoundTripTest {

    private static final String OPENAI_HISTORY = """
            {"model":"gpt-4o","messages":[
              {"role":"user","content":"Weather in Oslo and Rome?"},
              {"role":"assistant","content":null,"tool_calls":[
                {"id":"call_a.1","type":"function","function":{"name":"get_weather","arguments":"{\\"city\\":\\"Oslo\\"}"}},
                {"id":"call_b.2","type":"function","function":{"name":"get_forecast","arguments":"{\\"city\\":\\"Rome\\"}"}}]},
              {"role":"tool","tool_call_id":"call_b.2","content":"sunny"},
              {"role":"tool","tool_call_id":"call_a.1","content":"{\\"celsius\\":-3}"}],
             "tools":[{"type":"function","function":{"name":"get_weather","parameters":{"type":"object","properties":{"city":{"type":"string"}}}}},
                      {"type":"function","function":{"name":"get_forecast","parameters":{"type":"object","properties":{"city":{"type":"string"}}}}}]}
            """;

    @Test
    void anthropicResultsReferToTheirToolUseIdsRewrittenTheSameWay() throws Exception {
        ObjectNode body = translate(Protocol.OPENAI, Protocol.ANTHROPIC, OPENAI_HISTORY);
        JsonNode assistant = body.path("messages").path(1).path("content");
        JsonNode results = body.path("messages").path(2).path("content");
        assertEquals("call_a_1", assistant.path(0).path("id").asText());
        assertEquals("call_b_2", assistant.path(1).path("id").asText());
        assertEquals(List.of("call_b_2", "call_a_1"), List.of(results.path(0).path("tool_use_id").asText(), results.path(1).path("tool_use_id").asText()));
    }

    @Test
    void geminiResponsesCarryTheNameOfTheCallTheyAnswer() throws Exception {
        ObjectNode body = translate(Protocol.OPENAI, Protocol.GEMINI, OPENAI_HISTORY);
        JsonNode responses = body.path("contents").path(2).path("parts");
        assertEquals("get_forecast", responses.path(0).path("functionResponse").path("name").asText());
        assertEquals("sunny", responses.path(0).path("functionResponse").path("response").path("content").asText());
        assertEquals("get_weather", responses.path(1).path("functionResponse").path("name").asText());
        assertEquals(-3, responses.path(1).path("functionResponse").path("response").path("celsius").asInt());
    }

    @Test
    void geminiCallsAnsweredByNameGetMatchingIdsAtOpenAi() throws Exception {
        String gemini = """
                {"contents":[
                  {"role":"user","parts":[{"text":"Weather in Oslo and Rome?"}]},
                  {"role":"model","parts":[{"functionCall":{"name":"get_weather","args":{"city":"Oslo"}}},
                                           {"functionCall":{"name":"get_weather","args":{"city":"Rome"}}}]},
                  {"role":"user","parts":[{"functionResponse":{"name":"get_weather","response":{"celsius":-3}}},
                                          {"functionResponse":{"name":"get_weather","response":{"celsius":21}}}]}]}
                """;
        ObjectNode body = translate(Protocol.GEMINI, Protocol.OPENAI, gemini);
        JsonNode calls = body.path("messages").path(1).path("tool_calls");
        List<String> callIds = List.of(calls.path(0).path("id").asText(), calls.path(1).path("id").asText());
        List<String> resultIds = new ArrayList<>();
        body.path("messages").forEach(message -> {
            if ("tool".equals(message.path("role").asText())) {
                resultIds.add(message.path("tool_call_id").asText());
            }
        });
        assertEquals(callIds, resultIds);
        assertTrue(callIds.get(0).compareTo(callIds.get(1)) != 0, "distinct ids");
    }

    @Test
    void aToolCallAnsweredOnAnthropicComesBackToOpenAiAndGoesOutAgainWithTheSameId() throws Exception {
        ProtocolBridge bridge = Fixtures.bridge(Protocol.OPENAI, Protocol.ANTHROPIC);
        SourceRequest first = Fixtures.source(Protocol.OPENAI, false,
                "{\"model\":\"gpt-4o\",\"messages\":[{\"role\":\"user\",\"content\":\"Weather?\"}]}".getBytes(StandardCharsets.UTF_8));
        byte[] answer = bridge.response(new ByteArrayInputStream(Fixtures.bytes("target/anthropic-response.json")), first,
                bridge.request(first, "claude-haiku-4-5")).readAllBytes();
        JsonNode call = Json.parseObject(answer).path("choices").path(0).path("message").path("tool_calls").path(0);
        String id = call.path("id").asText();

        String next = "{\"model\":\"gpt-4o\",\"messages\":[{\"role\":\"user\",\"content\":\"Weather?\"},"
                + "{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[" + call + "]},"
                + "{\"role\":\"tool\",\"tool_call_id\":\"" + id + "\",\"content\":\"rain\"}]}";
        ObjectNode body = translate(Protocol.OPENAI, Protocol.ANTHROPIC, next);
        assertEquals(id, body.path("messages").path(1).path("content").path(0).path("id").asText());
        assertEquals(id, body.path("messages").path(2).path("content").path(0).path("tool_use_id").asText());
    }

    @Test
    void historyWithToolsButNoToolDefinitionsStillDeclaresThemForAnthropic() throws Exception {
        ObjectNode withoutTools = Json.parseObject(OPENAI_HISTORY);
        withoutTools.remove("tools");
        ObjectNode body = translate(Protocol.OPENAI, Protocol.ANTHROPIC, Json.write(withoutTools));
        assertEquals(2, body.path("tools").size());
        assertEquals("none", body.path("tool_choice").path("type").asText());
    }

    private static ObjectNode translate(Protocol from, Protocol to, String body) throws Exception {
        SourceRequest source = Fixtures.source(from, false, body.getBytes(StandardCharsets.UTF_8));
        return Json.parseObject(Fixtures.bridge(from, to).request(source, Fixtures.targetModel(to)).body());
    }
}
