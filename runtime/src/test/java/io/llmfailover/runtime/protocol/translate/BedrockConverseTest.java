package io.llmfailover.runtime.protocol.translate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.Operation;
import io.llmfailover.runtime.protocol.bridge.ProtocolBridge;
import io.llmfailover.runtime.protocol.translate.eventstream.EventStreamEncoder;
import io.llmfailover.runtime.protocol.translate.eventstream.EventStreamMessage;
import io.llmfailover.runtime.protocol.translate.model.ErrorKind;
import io.llmfailover.runtime.provider.Protocol;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** What the golden files do not show of Bedrock's Converse: paths, tool choices, stop reasons, exceptions. */
class BedrockConverseTest {

    private static final String OPENAI_CHAT = """
            {"model":"gpt-4o","messages":[{"role":"user","content":"Weather in Oslo?"}],
             "tools":[{"type":"function","function":{"name":"get_weather","parameters":{"type":"object"}}}],
             "tool_choice":%s}
            """;

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "anthropic.claude-3-5-sonnet-20240620-v1:0 | /model/anthropic.claude-3-5-sonnet-20240620-v1%3A0/converse",
        "arn:aws:bedrock:us-east-1:123456789012:inference-profile/us.anthropic.claude-3-7-sonnet | "
                + "/model/arn%3Aaws%3Abedrock%3Aus-east-1%3A123456789012%3Ainference-profile%2Fus.anthropic.claude-3-7-sonnet/converse",
        "../../admin?x=1#y | /model/..%2F..%2Fadmin%3Fx%3D1%23y/converse",
        "modèle 100% | /model/mod%C3%A8le%20100%25/converse"})
    void theModelIdIsEscapedIntoOnePathSegment(String model, String path) throws Exception {
        TargetRequest target = Fixtures.bridge(Protocol.OPENAI, Protocol.BEDROCK).request(openAi("\"auto\""), model);

        assertEquals(path, target.path());
    }

    @Test
    void aModelMadeOfDotsIsRefused() {
        for (String model : List.of(".", "..", "...", "")) {
            assertThrows(UntranslatableRequestException.class,
                    () -> Fixtures.bridge(Protocol.OPENAI, Protocol.BEDROCK).request(openAi("\"auto\""), model), model);
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "\"auto\" | {\"auto\":{}}",
        "\"required\" | {\"any\":{}}",
        "{\"type\":\"function\",\"function\":{\"name\":\"get_weather\"}} | {\"tool\":{\"name\":\"get_weather\"}}"})
    void toolChoicesMapToConverses(String openAiChoice, String converseChoice) throws Exception {
        TargetRequest target = Fixtures.bridge(Protocol.OPENAI, Protocol.BEDROCK).request(openAi(openAiChoice), "m");
        ObjectNode body = Json.parseObject(target.body());

        assertEquals(Json.parseObject(converseChoice), body.path("toolConfig").path("toolChoice"));
        assertEquals("get_weather", body.path("toolConfig").path("tools").path(0).path("toolSpec").path("name").asText());
        assertEquals("object", body.path("toolConfig").path("tools").path(0).path("toolSpec").path("inputSchema").path("json")
                .path("type").asText());
    }

    @Test
    void noToolChoiceIsDroppedForConverseHasNone() throws Exception {
        TargetRequest target = Fixtures.bridge(Protocol.OPENAI, Protocol.BEDROCK).request(openAi("\"none\""), "m");

        assertFalse(Json.parseObject(target.body()).path("toolConfig").has("toolChoice"));
        assertTrue(target.dropped().contains("tool_choice"), target.dropped().toString());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"end_turn, stop", "tool_use, tool_calls", "max_tokens, length", "stop_sequence, stop",
            "guardrail_intervened, content_filter", "content_filtered, content_filter", "model_context_window_exceeded, length"})
    void stopReasonsReachAnOpenAiCaller(String stopReason, String finishReason) throws Exception {
        String answer = "{\"output\":{\"message\":{\"role\":\"assistant\",\"content\":[{\"text\":\"hi\"}]}},\"stopReason\":\""
                + stopReason + "\",\"usage\":{\"inputTokens\":3,\"outputTokens\":1,\"totalTokens\":4}}";
        ObjectNode body = Json.parseObject(wholeAnswer(Protocol.OPENAI, answer));

        assertEquals(finishReason, body.path("choices").path(0).path("finish_reason").asText());
        assertEquals(3, body.path("usage").path("prompt_tokens").asInt());
    }

    @Test
    void anExceptionInTheStreamEndsTheCallersStreamWithItsOwnError() throws Exception {
        byte[] stream = concat(
                EventStreamMessage.event("messageStart", "{\"role\":\"assistant\"}"),
                EventStreamMessage.event("contentBlockDelta", "{\"contentBlockIndex\":0,\"delta\":{\"text\":\"Hel\"}}"),
                EventStreamMessage.exception("throttlingException", "{\"message\":\"Too many tokens, please wait\"}"));

        List<JsonNode> openAi = Fixtures.transcript(streamed(Protocol.OPENAI, stream));
        JsonNode error = openAi.get(openAi.size() - 1).path("data").path("error");
        assertEquals("rate_limit_error", error.path("type").asText());
        assertEquals("Too many tokens, please wait", error.path("message").asText());

        List<JsonNode> anthropic = Fixtures.transcript(streamed(Protocol.ANTHROPIC, stream));
        JsonNode last = anthropic.get(anthropic.size() - 1);
        assertEquals("error", last.path("event").asText());
        assertEquals("rate_limit_error", last.path("data").path("error").path("type").asText());
    }

    @Test
    void aStreamCutBeforeMessageStopEndsWithAnError() throws Exception {
        byte[] stream = concat(EventStreamMessage.event("messageStart", "{\"role\":\"assistant\"}"),
                EventStreamMessage.event("contentBlockDelta", "{\"contentBlockIndex\":0,\"delta\":{\"text\":\"Hel\"}}"));

        assertTrue(CallerShapes.endsWithError(streamed(Protocol.GEMINI, stream)));
    }

    @Test
    void aBedrockErrorBodyKeepsItsMessageForTheCaller() {
        ProtocolBridge bridge = Fixtures.bridge(Protocol.ANTHROPIC, Protocol.BEDROCK);
        byte[] error = bridge.error(429, "{\"message\":\"Too many requests, please wait before trying again.\"}"
                .getBytes(StandardCharsets.UTF_8));
        ObjectNode body = Json.parseObject(error);

        assertEquals("rate_limit_error", body.path("error").path("type").asText());
        assertEquals("Too many requests, please wait before trying again.", body.path("error").path("message").asText());
    }

    @Test
    void aBedrockCallerGetsBedrocksErrorShapes() throws Exception {
        ObjectNode body = Json.parseObject(ErrorBodies.of(Protocol.BEDROCK, 429, "every provider is rate limited"));
        assertEquals("ThrottlingException", body.path("__type").asText());
        assertEquals("every provider is rate limited", body.path("message").asText());

        List<JsonNode> frame = Fixtures.transcript(StreamErrorFrames.of(Protocol.BEDROCK, ErrorKind.OVERLOADED, "busy"));
        assertEquals("serviceUnavailableException", frame.get(0).path("exception").asText());
        assertEquals("busy", frame.get(0).path("data").path("message").asText());
    }

    @Test
    void aGuardrailIsNotCarriedToAnotherVendor() {
        SourceRequest source = Fixtures.source(Protocol.BEDROCK, false, """
                {"messages":[{"role":"user","content":[{"text":"hi"}]}],
                 "guardrailConfig":{"guardrailIdentifier":"gr-1","guardrailVersion":"1"}}""".getBytes(StandardCharsets.UTF_8));

        assertThrows(UntranslatableRequestException.class, () -> Fixtures.bridge(Protocol.BEDROCK, Protocol.OPENAI).request(source, "m"));
    }

    @Test
    void aConverseToolResultInJsonBecomesText() throws Exception {
        SourceRequest source = Fixtures.source(Protocol.BEDROCK, false, """
                {"messages":[{"role":"user","content":[{"text":"Weather?"}]},
                  {"role":"assistant","content":[{"toolUse":{"toolUseId":"t1","name":"get_weather","input":{"city":"Oslo"}}}]},
                  {"role":"user","content":[{"toolResult":{"toolUseId":"t1","status":"error","content":[{"json":{"code":7}}]}}]}],
                 "toolConfig":{"tools":[{"toolSpec":{"name":"get_weather","inputSchema":{"json":{"type":"object"}}}}],
                   "toolChoice":{"any":{}}}}""".getBytes(StandardCharsets.UTF_8));
        ObjectNode body = Json.parseObject(Fixtures.bridge(Protocol.BEDROCK, Protocol.ANTHROPIC).request(source, "claude").body());

        JsonNode result = body.path("messages").path(2).path("content").path(0);
        assertEquals("t1", result.path("tool_use_id").asText());
        assertEquals("{\"code\":7}", result.path("content").path(0).path("text").asText());
        assertTrue(result.path("is_error").asBoolean());
        assertEquals("any", body.path("tool_choice").path("type").asText());
    }

    private static SourceRequest openAi(String toolChoice) {
        return Fixtures.source(Protocol.OPENAI, false, OPENAI_CHAT.formatted(toolChoice).getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] wholeAnswer(Protocol caller, String answer) throws Exception {
        SourceRequest source = Fixtures.source(caller, false);
        ProtocolBridge bridge = Fixtures.bridge(caller, Protocol.BEDROCK);
        return bridge.response(new ByteArrayInputStream(answer.getBytes(StandardCharsets.UTF_8)), source,
                bridge.request(source, "m")).readAllBytes();
    }

    private static byte[] streamed(Protocol caller, byte[] stream) throws Exception {
        SourceRequest source = Fixtures.source(caller, true);
        ProtocolBridge bridge = Fixtures.bridge(caller, Protocol.BEDROCK);
        return bridge.response(new ByteArrayInputStream(stream), source, bridge.request(source, "m")).readAllBytes();
    }

    private static byte[] concat(EventStreamMessage... messages) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (EventStreamMessage message : messages) {
            EventStreamEncoder.write(message, out);
        }
        return out.toByteArray();
    }
}
