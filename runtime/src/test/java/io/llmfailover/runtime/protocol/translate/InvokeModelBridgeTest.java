package io.llmfailover.runtime.protocol.translate;

import static io.llmfailover.runtime.protocol.translate.Fixtures.bytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.Operation;
import io.llmfailover.runtime.protocol.translate.bedrock.InvokeModelChunks;
import io.llmfailover.runtime.protocol.translate.bedrock.InvokeModelSse;
import io.llmfailover.runtime.protocol.translate.eventstream.EventStreamEncoder;
import io.llmfailover.runtime.protocol.translate.eventstream.EventStreamMessage;
import io.llmfailover.runtime.provider.Protocol;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Bedrock's InvokeModel carries Claude's own body and events: a call from it is the Anthropic call
 * inside InvokeModel's envelope (the model and the stream in the path, {@code anthropic_version} in
 * the body), and a stream's events travel base64-encoded in the event stream's {@code chunk}s.
 */
class InvokeModelBridgeTest {

    private static final String CLAUDE_ON_BEDROCK = "anthropic.claude-sonnet-4-5-20250929-v1:0";

    @ParameterizedTest(name = "stream {0}")
    @CsvSource({"false", "true"})
    void anInvokeModelCallToAnthropicGetsItsModelItsStreamAndTheVersionHeaderBack(boolean stream) throws Exception {
        TargetRequest sent = Fixtures.bridge(Protocol.BEDROCK_ANTHROPIC, Protocol.ANTHROPIC).request(invokeModel(stream), "claude-haiku-4-5");

        ObjectNode expected = anthropicBody("claude-haiku-4-5", stream);
        assertEquals(expected, Json.parseObject(sent.body()));
        assertEquals("/messages", sent.path());
        assertEquals("2023-06-01", sent.headers().first("anthropic-version").orElseThrow());
    }

    @ParameterizedTest(name = "stream {0}")
    @CsvSource({"false", "true"})
    void anInvokeModelCallToABedrockProviderStaysInvokeModel(boolean stream) throws Exception {
        SourceRequest source = invokeModel(stream);

        TargetRequest sent = Fixtures.bridge(Protocol.BEDROCK_ANTHROPIC, Protocol.BEDROCK).request(source, "us.anthropic.claude-haiku-4-5-20251001-v1:0");

        assertEquals(Json.parseObject(source.body()), Json.parseObject(sent.body()));
        assertEquals("/model/us.anthropic.claude-haiku-4-5-20251001-v1%3A0/" + (stream ? "invoke-with-response-stream" : "invoke"), sent.path());
        assertTrue(sent.headers().isEmpty(), sent.headers()::toString);
        assertTrue(Fixtures.bridge(Protocol.BEDROCK_ANTHROPIC, Protocol.BEDROCK).passesBodiesThrough());
    }

    @Test
    void anAnthropicCallToABedrockAnthropicProviderIsSentInInvokeModelsEnvelope() throws Exception {
        SourceRequest source = Fixtures.source(Protocol.ANTHROPIC, true);

        TargetRequest sent = Fixtures.bridge(Protocol.ANTHROPIC, Protocol.BEDROCK_ANTHROPIC).request(source, CLAUDE_ON_BEDROCK);

        ObjectNode body = Json.parseObject(sent.body());
        assertFalse(body.has("model") || body.has("stream"), body::toString);
        assertEquals("bedrock-2023-05-31", body.path("anthropic_version").asText());
        assertEquals("/model/anthropic.claude-sonnet-4-5-20250929-v1%3A0/invoke-with-response-stream", sent.path());
    }

    @ParameterizedTest(name = "to {0}, stream {1}")
    @CsvSource({"OPENAI, false", "OPENAI, true", "GEMINI, true", "BEDROCK_ANTHROPIC, true"})
    void anInvokeModelCallTranslatesAsTheSameAnthropicCall(Protocol to, boolean stream) throws Exception {
        SourceRequest anthropic = new SourceRequest(Operation.MESSAGES, CLAUDE_ON_BEDROCK, stream, null,
                Json.bytes(anthropicBody(CLAUDE_ON_BEDROCK, stream)));
        String model = Fixtures.targetModel(to);

        TargetRequest expected = Fixtures.bridge(Protocol.ANTHROPIC, to).request(anthropic, model);
        TargetRequest actual = Fixtures.bridge(Protocol.BEDROCK_ANTHROPIC, to).request(invokeModel(stream), model);

        assertEquals(expected.path(), actual.path());
        assertEquals(Json.parseObject(expected.body()), Json.parseObject(actual.body()));
    }

    @ParameterizedTest(name = "from {0}")
    @CsvSource({"ANTHROPIC", "OPENAI"})
    void aStreamOfAnAnthropicTargetReachesAnInvokeModelCallerAsChunksOfItsCallersEvents(Protocol target) throws Exception {
        SourceRequest source = invokeModel(true);
        byte[] targetStream = Fixtures.targetStream(target);
        TargetRequest sent = Fixtures.bridge(Protocol.BEDROCK_ANTHROPIC, target).request(source, Fixtures.targetModel(target));
        byte[] expected = read(Fixtures.bridge(Protocol.ANTHROPIC, target).response(new ByteArrayInputStream(targetStream),
                Fixtures.source(Protocol.ANTHROPIC, true), sent));

        byte[] chunks = read(Fixtures.bridge(Protocol.BEDROCK_ANTHROPIC, target).response(new ByteArrayInputStream(targetStream), source, sent));

        assertTrue(Fixtures.isEventStream(chunks));
        assertEquals(Fixtures.transcript(Fixtures.withoutMadeUpIds(target, expected)).stream().map(event -> event.get("data")).toList(),
                chunkEvents(Fixtures.withoutMadeUpIds(target, chunks)));
    }

    @Test
    void anInvokeModelStreamReadsAsTheAnthropicEventsItCarries() throws Exception {
        byte[] sse = bytes("target/anthropic-stream.sse");
        byte[] chunks = read(new InvokeModelChunks(new ByteArrayInputStream(sse)));

        byte[] back = read(new InvokeModelSse(new ByteArrayInputStream(chunks)));

        Fixtures.assertSameEvents(new String(sse, StandardCharsets.UTF_8), new String(back, StandardCharsets.UTF_8));
    }

    @Test
    void anOpenAiCallerReadsAnInvokeModelStreamAsItWouldAnAnthropicOne() throws Exception {
        SourceRequest source = Fixtures.source(Protocol.OPENAI, true);
        byte[] sse = bytes("target/anthropic-stream.sse");
        TargetRequest sent = Fixtures.bridge(Protocol.OPENAI, Protocol.BEDROCK_ANTHROPIC).request(source, CLAUDE_ON_BEDROCK);
        byte[] chunks = read(new InvokeModelChunks(new ByteArrayInputStream(sse)));

        String fromInvokeModel = new String(read(Fixtures.bridge(Protocol.OPENAI, Protocol.BEDROCK_ANTHROPIC)
                .response(new ByteArrayInputStream(chunks), source, sent)), StandardCharsets.UTF_8);
        String fromAnthropic = new String(read(Fixtures.bridge(Protocol.OPENAI, Protocol.ANTHROPIC)
                .response(new ByteArrayInputStream(sse), source, sent)), StandardCharsets.UTF_8);

        Fixtures.assertSameEvents(fromAnthropic, fromInvokeModel);
    }

    @Test
    void anExceptionInAnInvokeModelStreamIsAnAnthropicErrorOfItsFamily() throws Exception {
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        EventStreamEncoder.write(chunk("{\"type\":\"message_start\",\"message\":{\"id\":\"msg_1\"}}"), stream);
        EventStreamEncoder.write(EventStreamMessage.exception("throttlingException", "{\"message\":\"Too many tokens\"}"), stream);

        List<JsonNode> events = Fixtures.transcript(read(new InvokeModelSse(new ByteArrayInputStream(stream.toByteArray()))));

        assertEquals("message_start", events.get(0).path("event").asText());
        assertEquals("error", events.get(1).path("event").asText());
        assertEquals("rate_limit_error", events.get(1).at("/data/error/type").asText());
        assertEquals("Too many tokens", events.get(1).at("/data/error/message").asText());
    }

    @Test
    void anAnthropicErrorEventReachesAnInvokeModelCallerAsTheExceptionOfItsFamily() throws Exception {
        String sse = "event: error\ndata: {\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}\n\n";

        List<JsonNode> events = Fixtures.transcript(read(new InvokeModelChunks(
                new ByteArrayInputStream(sse.getBytes(StandardCharsets.UTF_8)))));

        assertEquals(1, events.size());
        assertEquals("serviceUnavailableException", events.get(0).path("exception").asText());
        assertEquals("Overloaded", events.get(0).at("/data/message").asText());
    }

    @Test
    void aBrokenChunkEndsTheStreamWithAnAnthropicError() throws Exception {
        byte[] notBase64 = EventStreamEncoder.encode(EventStreamMessage.event("chunk", "{\"bytes\":\"%%%\"}"));

        List<JsonNode> events = Fixtures.transcript(read(new InvokeModelSse(new ByteArrayInputStream(notBase64))));

        assertEquals(1, events.size());
        assertEquals("error", events.get(0).path("event").asText());
    }

    /** The Anthropic fixture as the Anthropic SDK's Bedrock backend sends it: the model in the path, no stream field. */
    private static SourceRequest invokeModel(boolean stream) {
        ObjectNode body = Fixtures.json("source/anthropic-request.json");
        body.remove("model");
        body.remove("stream");
        body.put("anthropic_version", "bedrock-2023-05-31");
        return new SourceRequest(Operation.MESSAGES, CLAUDE_ON_BEDROCK, stream, null, Json.bytes(body));
    }

    /** The Anthropic fixture for Anthropic's own API, streaming or not. */
    private static ObjectNode anthropicBody(String model, boolean stream) {
        ObjectNode body = Fixtures.json("source/anthropic-request.json").put("model", model);
        body.remove("stream");
        if (stream) {
            body.put("stream", true);
        }
        return body;
    }

    private static EventStreamMessage chunk(String event) {
        String bytes = Base64.getEncoder().encodeToString(event.getBytes(StandardCharsets.UTF_8));
        return EventStreamMessage.event("chunk", Json.bytes(Json.object().put("bytes", bytes)));
    }

    /** The Anthropic events an InvokeModel stream's chunks carry, decoded. */
    private static List<JsonNode> chunkEvents(byte[] stream) {
        List<JsonNode> events = new ArrayList<>();
        for (JsonNode message : Fixtures.transcript(stream)) {
            assertEquals("chunk", message.path("event").asText(), message::toString);
            events.add(Json.parseObject(Base64.getDecoder().decode(message.at("/data/bytes").asText())));
        }
        return events;
    }

    private static byte[] read(InputStream in) throws IOException {
        try (in) {
            return in.readAllBytes();
        }
    }
}
