package io.llmfailover.e2e;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.MappingBuilder;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;

/**
 * A stand-in Bedrock Runtime on loopback speaking Converse: {@code POST /model/{modelId}/converse}
 * answers Converse JSON, {@code /converse-stream} an AWS event stream
 * ({@code application/vnd.amazon.eventstream}, encoded here by hand from AWS's description, apart
 * from the agent's own encoder). It plays one tool round trip like {@link AnthropicStub}, and can
 * throttle in the first event of a stream that opened with HTTP 200, as Bedrock does, or in the
 * head (429 {@code ThrottlingException}), refuse a call as invalid (400 {@code ValidationException}),
 * and answer late. It checks no signature (the identity lane adds that). It also answers Claude's
 * InvokeModel ({@code /model/{modelId}/invoke}: Anthropic's message JSON; {@code
 * /invoke-with-response-stream}: Anthropic's events, base64-encoded in {@code chunk} events), as
 * the Anthropic SDK's Bedrock backend calls it, with its greeting or the same tool round trip, and
 * its failures refuse it too.
 */
final class BedrockStub implements AutoCloseable {

    static final String TOOL_NAME = AnthropicStub.TOOL_NAME;
    static final String TOOL_USE_ID = "tooluse_e2e_weather_01";
    static final String THROTTLED = "Too many requests, please wait before trying again.";
    static final String INVALID = "The provided model identifier is invalid (this stub rejects the request on purpose).";

    private static final String CONVERSE = "/model/[^/]+/converse";
    private static final String CONVERSE_STREAM = "/model/[^/]+/converse-stream";
    private static final String INVOKE = "/model/[^/]+/invoke";
    private static final String INVOKE_STREAM = "/model/[^/]+/invoke-with-response-stream";
    private static final String ANY_CALL = "/model/[^/]+/(converse(-stream)?|invoke(-with-response-stream)?)";
    static final String EVENT_STREAM = "application/vnd.amazon.eventstream";

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int FAILURE_PRIORITY = 1;
    private static final int TOOL_RESULT_PRIORITY = 2;
    private static final int TOOLS_PRIORITY = 3;
    private static final int ANSWER_PRIORITY = 4;

    private final String name;
    private final WireMockServer server;

    private BedrockStub(String name, WireMockServer server) {
        this.name = name;
        this.server = server;
    }

    static BedrockStub answering(String name) {
        BedrockStub stub = new BedrockStub(name, LoopbackWireMock.start());
        stub.answerConverseCalls();
        stub.answerInvokeModelCalls();
        return stub;
    }

    /** As {@link #answering}, also over HTTP/2 in clear text with prior knowledge, as the AWS SDK's async client asks. */
    static BedrockStub answeringAlsoOverH2c(String name) {
        BedrockStub stub = new BedrockStub(name, LoopbackWireMock.startAlsoSpeakingH2c());
        stub.answerConverseCalls();
        stub.answerInvokeModelCalls();
        return stub;
    }

    /** The provider URL of the agent's config: Bedrock's paths start at the host. */
    String baseUrl() {
        return "http://127.0.0.1:" + server.port();
    }

    List<String> chunks() {
        return List.of("Hello", " from", " " + name);
    }

    String content() {
        return String.join("", chunks());
    }

    String weatherReport() {
        return "Sunny in Paris, says " + name + ".";
    }

    /** From now on every stream opens with HTTP 200 and a throttlingException as its first and only event. */
    BedrockStub throttlingInTheFirstEvent() {
        byte[] stream = exception("throttlingException", "Too many tokens, please wait before trying again.");
        for (String path : List.of(CONVERSE_STREAM, INVOKE_STREAM)) {
            server.stubFor(post(urlPathMatching(path)).atPriority(FAILURE_PRIORITY).willReturn(aResponse()
                    .withStatus(200)
                    .withHeader("Content-Type", EVENT_STREAM)
                    .withBody(stream)));
        }
        return this;
    }

    /** From now on every call is refused as Bedrock refuses over quota: a 429 head, {@code ThrottlingException}. */
    BedrockStub throttled() {
        return failing(429, "ThrottlingException", THROTTLED);
    }

    /** From now on every call is refused as the caller's own mistake: a 400 {@code ValidationException}. */
    BedrockStub rejectingAsInvalid() {
        return failing(400, "ValidationException", INVALID);
    }

    private BedrockStub failing(int status, String exception, String message) {
        server.stubFor(post(urlPathMatching(ANY_CALL)).atPriority(FAILURE_PRIORITY).willReturn(aResponse()
                .withStatus(status)
                .withHeader("Content-Type", "application/json")
                .withHeader("x-amzn-ErrorType", exception + ":http://internal.amazon.com/coral/com.amazon.bedrock/")
                .withBody(JSON.createObjectNode().put("message", message).toString())));
        return this;
    }

    /** From now on every call, blocking or streaming, gets its response head only after {@code delay}. */
    BedrockStub answeringAfter(Duration delay) {
        List<Block> greeting = List.of(Block.text(chunks()));
        server.stubFor(post(urlPathMatching(CONVERSE)).atPriority(FAILURE_PRIORITY).willReturn(aResponse()
                .withStatus(200).withHeader("Content-Type", "application/json")
                .withFixedDelay((int) delay.toMillis()).withBody(converse(greeting, "end_turn"))));
        server.stubFor(post(urlPathMatching(CONVERSE_STREAM)).atPriority(FAILURE_PRIORITY).willReturn(aResponse()
                .withStatus(200).withHeader("Content-Type", EVENT_STREAM)
                .withFixedDelay((int) delay.toMillis()).withBody(eventStream(greeting, "end_turn"))));
        return this;
    }

    /** Every Converse and InvokeModel call, blocking or streaming, this stub received. */
    List<LoggedRequest> requests() {
        return server.findAll(postRequestedFor(urlPathMatching(ANY_CALL)));
    }

    @Override
    public void close() {
        server.stop();
    }

    private void answerConverseCalls() {
        answer(path -> post(urlPathMatching(path)).withRequestBody(matchingJsonPath("$..toolResult")),
                TOOL_RESULT_PRIORITY, List.of(Block.text(List.of(weatherReport()))), "end_turn");
        answer(path -> post(urlPathMatching(path)).withRequestBody(matchingJsonPath("$.toolConfig")),
                TOOLS_PRIORITY, List.of(Block.text(List.of(AnthropicStub.TOOL_PREAMBLE)), Block.toolUse()), "tool_use");
        answer(path -> post(urlPathMatching(path)), ANSWER_PRIORITY, List.of(Block.text(chunks())), "end_turn");
    }

    /**
     * Claude through InvokeModel: Anthropic's message, or its events in the event stream's chunks;
     * the greeting, or the tool round trip (a {@code tool_use}, then the report to a {@code tool_result}).
     */
    private void answerInvokeModelCalls() {
        answerInvokeModel(path -> post(urlPathMatching(path)).withRequestBody(matchingJsonPath("$..[?(@.type == 'tool_result')]")),
                TOOL_RESULT_PRIORITY, List.of(Block.text(List.of(weatherReport()))), "end_turn");
        answerInvokeModel(path -> post(urlPathMatching(path)).withRequestBody(matchingJsonPath("$.tools")),
                TOOLS_PRIORITY, List.of(Block.text(List.of(AnthropicStub.TOOL_PREAMBLE)), Block.toolUse()), "tool_use");
        answerInvokeModel(path -> post(urlPathMatching(path)), ANSWER_PRIORITY, List.of(Block.text(chunks())), "end_turn");
    }

    private void answerInvokeModel(Match match, int priority, List<Block> blocks, String stopReason) {
        ObjectNode message = JSON.createObjectNode().put("id", "msg_bdrk_e2e_" + name).put("type", "message")
                .put("role", "assistant").put("model", "claude-on-" + name);
        ArrayNode content = message.putArray("content");
        blocks.forEach(block -> content.add(claudeBlock(block, true)));
        message.put("stop_reason", stopReason).putNull("stop_sequence");
        message.putObject("usage").put("input_tokens", 14).put("output_tokens", 9);
        server.stubFor(match.on(INVOKE).atPriority(priority).willReturn(aResponse()
                .withStatus(200)
                .withHeader("Content-Type", "application/json")
                .withHeader("x-amzn-RequestId", "e2e-" + name)
                .withBody(message.toString())));
        server.stubFor(match.on(INVOKE_STREAM).atPriority(priority).willReturn(aResponse()
                .withStatus(200)
                .withHeader("Content-Type", EVENT_STREAM)
                .withHeader("x-amzn-bedrock-content-type", "application/json")
                .withHeader("x-amzn-RequestId", "e2e-" + name)
                .withBody(claudeChunks(message, blocks, stopReason))
                .withChunkedDribbleDelay(4, 100)));
    }

    /** A block of Claude's message: whole, or as its stream opens it (empty text, empty input). */
    private static ObjectNode claudeBlock(Block block, boolean whole) {
        if (block.isToolUse()) {
            ObjectNode use = JSON.createObjectNode().put("type", "tool_use").put("id", TOOL_USE_ID).put("name", TOOL_NAME);
            ObjectNode input = use.putObject("input");
            if (whole) {
                input.put("city", "Paris");
            }
            return use;
        }
        return JSON.createObjectNode().put("type", "text").put("text", whole ? String.join("", block.pieces()) : "");
    }

    private byte[] claudeChunks(ObjectNode message, List<Block> blocks, String stopReason) {
        ObjectNode start = message.deepCopy();
        start.putArray("content");
        start.putNull("stop_reason");
        List<ObjectNode> events = new ArrayList<>();
        events.add(JSON.createObjectNode().put("type", "message_start").set("message", start));
        for (int index = 0; index < blocks.size(); index++) {
            Block block = blocks.get(index);
            ObjectNode blockStart = JSON.createObjectNode().put("type", "content_block_start").put("index", index);
            blockStart.set("content_block", claudeBlock(block, false));
            events.add(blockStart);
            for (String piece : block.pieces()) {
                ObjectNode delta = JSON.createObjectNode().put("type", "content_block_delta").put("index", index);
                if (block.isToolUse()) {
                    delta.putObject("delta").put("type", "input_json_delta").put("partial_json", piece);
                } else {
                    delta.putObject("delta").put("type", "text_delta").put("text", piece);
                }
                events.add(delta);
            }
            events.add(JSON.createObjectNode().put("type", "content_block_stop").put("index", index));
        }
        ObjectNode messageDelta = JSON.createObjectNode().put("type", "message_delta");
        messageDelta.putObject("delta").put("stop_reason", stopReason).putNull("stop_sequence");
        messageDelta.putObject("usage").put("output_tokens", 9);
        events.add(messageDelta);
        events.add(JSON.createObjectNode().put("type", "message_stop"));
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        for (ObjectNode event : events) {
            stream.writeBytes(chunk(event.toString()));
        }
        return stream.toByteArray();
    }

    /** An InvokeModel stream's {@code chunk} message carrying one of Anthropic's stream events, base64-encoded. */
    static byte[] chunk(String anthropicEvent) {
        String bytes = Base64.getEncoder().encodeToString(anthropicEvent.getBytes(StandardCharsets.UTF_8));
        return event("chunk", JSON.createObjectNode().put("bytes", bytes));
    }

    /** An exception message, as Bedrock ends a stream with one, or opens it with one when it throttles. */
    static byte[] exception(String type, String message) {
        return message(Map.of(":message-type", "exception", ":exception-type", type, ":content-type", "application/json"),
                JSON.createObjectNode().put("message", message).toString());
    }

    /** A Converse stream's message for an event in its JSON form, {@code {"contentBlockDelta": {...}}}. */
    static byte[] event(String jsonForm) {
        try {
            Map.Entry<String, JsonNode> only = JSON.readTree(jsonForm).fields().next();
            return event(only.getKey(), (ObjectNode) only.getValue());
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not a Converse stream event: " + jsonForm, e);
        }
    }

    /** The calls to one path that an answer is for; WireMock's builders are mutable, so each mapping gets its own. */
    private interface Match {
        MappingBuilder on(String path);
    }

    private void answer(Match match, int priority, List<Block> blocks, String stopReason) {
        server.stubFor(match.on(CONVERSE).atPriority(priority).willReturn(aResponse()
                .withStatus(200)
                .withHeader("Content-Type", "application/json")
                .withHeader("x-amzn-RequestId", "e2e-" + name)
                .withBody(converse(blocks, stopReason))));
        server.stubFor(match.on(CONVERSE_STREAM).atPriority(priority).willReturn(aResponse()
                .withStatus(200)
                .withHeader("Content-Type", EVENT_STREAM)
                .withHeader("x-amzn-RequestId", "e2e-" + name)
                .withBody(eventStream(blocks, stopReason))
                .withChunkedDribbleDelay(4, 100)));
    }

    /** A content block: its text pieces, or a tool use whose input streams in two fragments. */
    private record Block(List<String> pieces, boolean isToolUse) {
        static Block text(List<String> pieces) {
            return new Block(pieces, false);
        }

        static Block toolUse() {
            return new Block(List.of("{\"city\": ", "\"Paris\"}"), true);
        }
    }

    private String converse(List<Block> blocks, String stopReason) {
        ObjectNode body = JSON.createObjectNode();
        ObjectNode message = body.putObject("output").putObject("message").put("role", "assistant");
        ArrayNode content = message.putArray("content");
        for (Block block : blocks) {
            if (block.isToolUse()) {
                ObjectNode use = content.addObject().putObject("toolUse").put("toolUseId", TOOL_USE_ID).put("name", TOOL_NAME);
                use.putObject("input").put("city", "Paris");
            } else {
                content.addObject().put("text", String.join("", block.pieces()));
            }
        }
        body.put("stopReason", stopReason);
        body.putObject("usage").put("inputTokens", 14).put("outputTokens", 9).put("totalTokens", 23);
        body.putObject("metrics").put("latencyMs", 42);
        return body.toString();
    }

    private static byte[] eventStream(List<Block> blocks, String stopReason) {
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        stream.writeBytes(event("messageStart", JSON.createObjectNode().put("role", "assistant")));
        for (int index = 0; index < blocks.size(); index++) {
            Block block = blocks.get(index);
            if (block.isToolUse()) {
                ObjectNode start = JSON.createObjectNode().put("contentBlockIndex", index);
                start.putObject("start").putObject("toolUse").put("toolUseId", TOOL_USE_ID).put("name", TOOL_NAME);
                stream.writeBytes(event("contentBlockStart", start));
            }
            for (String piece : block.pieces()) {
                ObjectNode delta = JSON.createObjectNode().put("contentBlockIndex", index);
                if (block.isToolUse()) {
                    delta.putObject("delta").putObject("toolUse").put("input", piece);
                } else {
                    delta.putObject("delta").put("text", piece);
                }
                stream.writeBytes(event("contentBlockDelta", delta));
            }
            stream.writeBytes(event("contentBlockStop", JSON.createObjectNode().put("contentBlockIndex", index)));
        }
        stream.writeBytes(event("messageStop", JSON.createObjectNode().put("stopReason", stopReason)));
        ObjectNode metadata = JSON.createObjectNode();
        metadata.putObject("usage").put("inputTokens", 14).put("outputTokens", 9).put("totalTokens", 23);
        metadata.putObject("metrics").put("latencyMs", 42);
        stream.writeBytes(event("metadata", metadata));
        return stream.toByteArray();
    }

    private static byte[] event(String type, ObjectNode payload) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put(":event-type", type);
        headers.put(":content-type", "application/json");
        headers.put(":message-type", "event");
        return message(headers, payload.toString());
    }

    /**
     * One event-stream message: total length, headers length, CRC32 of those eight bytes, the
     * headers (name length, name, type 7 = string, value length, value), the payload, CRC32 of all before.
     */
    private static byte[] message(Map<String, String> headers, String payload) {
        ByteArrayOutputStream headerBytes = new ByteArrayOutputStream();
        headers.forEach((name, value) -> {
            byte[] nameBytes = name.getBytes(StandardCharsets.UTF_8);
            byte[] valueBytes = value.getBytes(StandardCharsets.UTF_8);
            headerBytes.write(nameBytes.length);
            headerBytes.writeBytes(nameBytes);
            headerBytes.write(7);
            headerBytes.writeBytes(ByteBuffer.allocate(2).putShort((short) valueBytes.length).array());
            headerBytes.writeBytes(valueBytes);
        });
        byte[] payloadBytes = payload.getBytes(StandardCharsets.UTF_8);
        int total = 12 + headerBytes.size() + payloadBytes.length + 4;
        ByteBuffer message = ByteBuffer.allocate(total).putInt(total).putInt(headerBytes.size());
        message.putInt((int) crc(message.array(), 8));
        message.put(headerBytes.toByteArray()).put(payloadBytes);
        message.putInt((int) crc(message.array(), total - 4));
        return message.array();
    }

    private static long crc(byte[] bytes, int length) {
        CRC32 crc = new CRC32();
        crc.update(bytes, 0, length);
        return crc.getValue();
    }
}
