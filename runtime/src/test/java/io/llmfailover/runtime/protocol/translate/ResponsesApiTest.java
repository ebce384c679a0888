package io.llmfailover.runtime.protocol.translate;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.Operation;
import io.llmfailover.runtime.protocol.bridge.ProtocolBridge;
import io.llmfailover.runtime.protocol.bridge.ProtocolBridges;
import io.llmfailover.runtime.provider.Protocol;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Stateless OpenAI Responses calls fail over through the neutral form and come back as Responses. */
class ResponsesApiTest {

    static final String STATELESS = """
            {"model":"gpt-4.1","instructions":"Be brief.","store":false,"max_output_tokens":200,
             "input":[{"role":"user","content":[{"type":"input_text","text":"Weather in Paris?"}]},
                      {"type":"function_call","call_id":"call_9","name":"get_weather","arguments":"{\\"city\\":\\"Paris\\"}"},
                      {"type":"function_call_output","call_id":"call_9","output":"18 C"}],
             "tools":[{"type":"function","name":"get_weather","parameters":{"type":"object","properties":{"city":{"type":"string"}}}}],
             "text":{"format":{"type":"json_object"}}}
            """;

    @Test
    void aStatelessCallIsTranslatedForAnthropic() throws Exception {
        ObjectNode body = Json.parseObject(bridge(Protocol.ANTHROPIC).request(source(false), "claude").body());
        assertEquals("Be brief.", body.path("system").asText());
        assertEquals(200, body.path("max_tokens").asInt());
        JsonNode messages = body.path("messages");
        assertEquals("call_9", messages.path(1).path("content").path(0).path("id").asText());
        assertEquals("call_9", messages.path(2).path("content").path(0).path("tool_use_id").asText());
    }

    @Test
    void aDeepSeekFallbackIsAskedThroughChatCompletions() throws Exception {
        ProtocolBridge bridge = ProtocolBridges.between(Protocol.OPENAI, Protocol.OPENAI,
                BridgeOptions.forTarget(new TargetProvider("deepseek", "api.deepseek.com")));
        TargetRequest request = bridge.request(source(false), "deepseek-chat");
        assertEquals("/chat/completions", request.path());
        assertEquals(Operation.CHAT_COMPLETIONS, request.operation());
        assertEquals("json_object", Json.parseObject(request.body()).path("response_format").path("type").asText());
        byte[] answer = bridge.response(new ByteArrayInputStream(Fixtures.bytes("target/openai-response.json")), source(false), request)
                .readAllBytes();
        assertEquals("response", Json.parseObject(answer).path("object").asText());
    }

    @Test
    void theWholeAnswerComesBackAsAResponseWithItems() throws Exception {
        ProtocolBridge bridge = bridge(Protocol.GEMINI);
        byte[] answer = bridge.response(new ByteArrayInputStream(Fixtures.bytes("target/gemini-response.json")), source(false),
                bridge.request(source(false), "gemini-2.5-flash")).readAllBytes();
        ObjectNode response = Json.parseObject(answer);
        assertEquals("completed", response.path("status").asText());
        assertEquals("message", response.path("output").path(0).path("type").asText());
        assertEquals("Overcast at 18 °C; I will check the rain outlook.", response.path("output").path(0).path("content").path(0).path("text").asText());
        assertEquals("function_call", response.path("output").path(1).path("type").asText());
        assertEquals("{\"city\":\"Paris\",\"hours\":6}", response.path("output").path(1).path("arguments").asText());
        assertEquals(1200, response.path("usage").path("input_tokens").asInt());
        assertEquals(10, response.path("usage").path("output_tokens_details").path("reasoning_tokens").asInt());
    }

    @Test
    void theStreamComesBackAsNumberedTypedEventsEndingWithCompleted() throws Exception {
        ProtocolBridge bridge = bridge(Protocol.ANTHROPIC);
        byte[] stream = bridge.response(new ChunkedInputStream(Fixtures.bytes("target/anthropic-stream.sse"), 5), source(true),
                bridge.request(source(true), "claude")).readAllBytes();
        List<String> types = new ArrayList<>();
        List<JsonNode> events = Fixtures.transcript(stream);
        for (int i = 0; i < events.size(); i++) {
            JsonNode data = events.get(i).path("data");
            assertEquals(i, data.path("sequence_number").asInt());
            assertEquals(events.get(i).path("event").asText(), data.path("type").asText());
            types.add(data.path("type").asText());
        }
        assertEquals(List.of("response.created", "response.in_progress",
                "response.output_item.added", "response.content_part.added",
                "response.output_text.delta", "response.output_text.delta",
                "response.output_text.done", "response.content_part.done", "response.output_item.done",
                "response.output_item.added", "response.function_call_arguments.delta", "response.function_call_arguments.delta",
                "response.function_call_arguments.done", "response.output_item.done",
                "response.output_item.added", "response.function_call_arguments.delta",
                "response.function_call_arguments.done", "response.output_item.done",
                "response.completed"), types);
        JsonNode completed = events.get(events.size() - 1).path("data").path("response");
        assertEquals(3, completed.path("output").size());
        assertEquals(40, completed.path("usage").path("output_tokens").asInt());
        assertFalse(new String(stream, StandardCharsets.UTF_8).contains("[DONE]"));
        assertTrue(completed.path("output").path(1).path("arguments").asText().contains("Paris"));
    }

    private static ProtocolBridge bridge(Protocol target) {
        return Fixtures.bridge(Protocol.OPENAI, target);
    }

    /** The stateless Responses call above, streamed or not. */
    static SourceRequest source(boolean stream) {
        String body = stream ? STATELESS.replace("\"store\":false", "\"store\":false,\"stream\":true") : STATELESS;
        return new SourceRequest(Operation.RESPONSES, "gpt-4.1", stream, null, body.getBytes(StandardCharsets.UTF_8));
    }
}
