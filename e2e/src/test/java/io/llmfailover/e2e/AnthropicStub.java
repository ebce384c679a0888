package io.llmfailover.e2e;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.notContaining;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.MappingBuilder;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;

/**
 * A stand-in provider on loopback speaking the Anthropic Messages wire format: a {@code message}
 * JSON for blocking calls; for {@code "stream": true} the event stream Anthropic sends, every event
 * with its {@code event:} and {@code data:} lines, a {@code ping} included; Anthropic-shaped error
 * bodies when told to fail.
 *
 * <p>It also plays the model's side of one tool round trip: a request that declares tools gets a
 * short text and a {@code tool_use} of {@link #TOOL_NAME}; a request holding a {@code tool_result}
 * gets {@link #weatherReport()}.
 *
 * <p>{@link #onVertex} is Claude on Vertex AI: the same answers, but only to
 * {@code /v1/projects/{p}/locations/{l}/publishers/anthropic/models/{m}:rawPredict} (or
 * {@code :streamRawPredict}) with an {@code anthropic_version} in the body and no {@code model};
 * anything else gets WireMock's 404.
 */
final class AnthropicStub implements AutoCloseable {

    static final String MESSAGES_PATH = "/v1/messages";
    static final String TOOL_NAME = "get_weather";
    static final String TOOL_USE_ID = "toolu_e2e_weather_01";
    static final String TOOL_PREAMBLE = "Let me check the weather.";

    /** The ways this stub can refuse a call, each with Anthropic's status and error type. */
    enum Failure {
        OVERLOADED(529, "overloaded_error", "Overloaded: this stub refuses on purpose."),
        RATE_LIMITED(429, "rate_limit_error", "This stub's rate limit is reached on purpose."),
        BAD_REQUEST(400, "invalid_request_error", "max_tokens: this stub rejects the request on purpose.");

        final int status;
        final String type;
        final String message;

        Failure(int status, String type, String message) {
            this.status = status;
            this.type = type;
            this.message = message;
        }

        String body() {
            ObjectNode body = JSON.createObjectNode().put("type", "error");
            body.putObject("error").put("type", type).put("message", message);
            return body.put("request_id", "req_e2e_failure").toString();
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private static final int FAILURE_PRIORITY = 1;
    private static final int TOOL_RESULT_STREAM_PRIORITY = 2;
    private static final int TOOL_RESULT_PRIORITY = 3;
    private static final int TOOLS_STREAM_PRIORITY = 4;
    private static final int TOOLS_PRIORITY = 5;
    private static final int STREAM_PRIORITY = 6;
    private static final int ANSWER_PRIORITY = 7;

    private static final String VERTEX_CALL =
            GeminiStub.VERTEX_LOCATION + "/publishers/anthropic/models/[^/:]+:(rawPredict|streamRawPredict)";

    private final String name;
    private final WireMockServer server;
    private final boolean onVertex;

    private AnthropicStub(String name, boolean onVertex, WireMockServer server) {
        this.name = name;
        this.server = server;
        this.onVertex = onVertex;
        answerMessages();
    }

    /** A stub that answers every messages call, blocking or streaming, tools included. */
    static AnthropicStub answering(String name) {
        return new AnthropicStub(name, false, LoopbackWireMock.start());
    }

    /** Claude on Vertex AI, answering only calls in Vertex's shape. */
    static AnthropicStub onVertex(String name) {
        return new AnthropicStub(name, true, LoopbackWireMock.start());
    }

    /**
     * As {@link #answering} or {@link #onVertex}, also over HTTP/2 in clear text with prior
     * knowledge, as the AWS SDK's async client asks of every host its calls go to.
     */
    static AnthropicStub alsoOverH2c(String name, boolean onVertex) {
        return new AnthropicStub(name, onVertex, LoopbackWireMock.startAlsoSpeakingH2c());
    }

    /** The base URL of a Vertex AI provider in the agent's config: one project and location. */
    String vertexUrl() {
        return rootUrl() + GeminiStub.VERTEX_LOCATION;
    }

    String name() {
        return name;
    }

    /** The provider URL of the agent's config, version path included. */
    String baseUrl() {
        return rootUrl() + "/v1";
    }

    /** The base URL the Anthropic SDK is given: it adds {@code /v1/messages} itself. */
    String rootUrl() {
        return "http://127.0.0.1:" + server.port();
    }

    String model() {
        return name + "-model";
    }

    /** The text deltas of this stub's greeting, in order. */
    List<String> chunks() {
        return List.of("Hello", " from", " " + name);
    }

    /** What a call answered with the greeting reads. */
    String content() {
        return String.join("", chunks());
    }

    /** The answer to a request that carries the tool's result. */
    String weatherReport() {
        return "Sunny in Paris, says " + name + ".";
    }

    AnthropicStub failing(Failure failure) {
        server.stubFor(messagesCall().atPriority(FAILURE_PRIORITY).willReturn(failureResponse(failure)));
        return this;
    }

    /** From now on every call is refused with a 429 that asks for {@code retryAfter} of silence. */
    AnthropicStub rateLimited(Duration retryAfter) {
        server.stubFor(messagesCall().atPriority(FAILURE_PRIORITY).willReturn(failureResponse(Failure.RATE_LIMITED)
                .withHeader("Retry-After", String.valueOf(retryAfter.toSeconds()))));
        return this;
    }

    /** From now on every call, blocking or streaming, gets its response head only after {@code delay}. */
    AnthropicStub answeringAfter(Duration delay) {
        server.stubFor(messagesCall().atPriority(FAILURE_PRIORITY).willReturn(aResponse()
                .withStatus(200)
                .withHeader("Content-Type", "application/json")
                .withFixedDelay((int) delay.toMillis())
                .withBody(message(textBlocks(chunks()), "end_turn"))));
        return this;
    }

    private static ResponseDefinitionBuilder failureResponse(Failure failure) {
        return aResponse()
                .withStatus(failure.status)
                .withHeader("Content-Type", "application/json")
                .withBody(failure.body());
    }

    /**
     * From now on every streamed call starts answering, then breaks off with an {@code event: error}
     * after the HTTP 200, as Anthropic does when it is overloaded mid-stream.
     */
    AnthropicStub overloadedMidStream() {
        ObjectNode head = messageHead();
        head.putArray("content");
        head.putObject("usage").put("input_tokens", 14).put("output_tokens", 1);
        ObjectNode start = JSON.createObjectNode().put("type", "message_start");
        start.set("message", head);
        ObjectNode blockStart = JSON.createObjectNode().put("type", "content_block_start").put("index", 0);
        blockStart.putObject("content_block").put("type", "text").put("text", "");
        ObjectNode delta = JSON.createObjectNode().put("type", "content_block_delta").put("index", 0);
        delta.putObject("delta").put("type", "text_delta").put("text", chunks().get(0));
        ObjectNode error = JSON.createObjectNode().put("type", "error");
        error.putObject("error").put("type", Failure.OVERLOADED.type).put("message", Failure.OVERLOADED.message);
        server.stubFor(messagesCall().atPriority(FAILURE_PRIORITY)
                .withRequestBody(matchingJsonPath("$.stream", equalTo("true")))
                .willReturn(aResponse()
                        .withStatus(200)
                        .withHeader("Content-Type", "text/event-stream; charset=utf-8")
                        .withBody(event(start) + event(blockStart) + event(delta) + event(error))));
        return this;
    }

    /** Every messages request this stub received, in arrival order. */
    List<LoggedRequest> requests() {
        return server.findAll(onVertex ? postRequestedFor(urlPathMatching(VERTEX_CALL)) : postRequestedFor(urlPathEqualTo(MESSAGES_PATH)));
    }

    /**
     * The key a request carries: in {@code x-api-key}, or as a bearer token, which is how
     * anthropic-java 3.x sends the key given to {@code apiKey(...)}.
     */
    static String apiKeyOf(LoggedRequest request) {
        String key = request.getHeader("x-api-key");
        String authorization = request.getHeader("Authorization");
        if (key == null && authorization != null && authorization.startsWith("Bearer ")) {
            return authorization.substring("Bearer ".length());
        }
        return key;
    }

    @Override
    public void close() {
        server.stop();
    }

    private void answerMessages() {
        Supplier<MappingBuilder> toolResult =
                () -> messagesCall().withRequestBody(matchingJsonPath("$..[?(@.type == 'tool_result')]"));
        answer(toolResult, TOOL_RESULT_STREAM_PRIORITY, TOOL_RESULT_PRIORITY, textBlocks(List.of(weatherReport())),
                "end_turn");
        Supplier<MappingBuilder> tools = () -> messagesCall().withRequestBody(matchingJsonPath("$.tools"));
        answer(tools, TOOLS_STREAM_PRIORITY, TOOLS_PRIORITY, toolUseBlocks(), "tool_use");
        answer(this::messagesCall, STREAM_PRIORITY, ANSWER_PRIORITY, textBlocks(chunks()), "end_turn");
    }

    /**
     * Answers matching calls with these content blocks: as a stream when the request says
     * {@code "stream": true}, else as one message. WireMock's builders are mutable, hence a
     * supplier: each mapping gets a builder of its own.
     */
    private void answer(Supplier<MappingBuilder> match, int streamPriority, int blockingPriority, List<Block> blocks,
            String stopReason) {
        server.stubFor(match.get().atPriority(streamPriority)
                .withRequestBody(matchingJsonPath("$.stream", equalTo("true")))
                .willReturn(eventStream(blocks, stopReason)));
        server.stubFor(match.get().atPriority(blockingPriority).willReturn(aResponse()
                .withStatus(200)
                .withHeader("Content-Type", "application/json")
                .withHeader("request-id", "req_e2e_" + name)
                .withBody(message(blocks, stopReason))));
    }

    /** A content block as the stream sends it: the opening block, then its deltas. */
    private record Block(ObjectNode start, List<ObjectNode> deltas, ObjectNode whole) {}

    private static List<Block> textBlocks(List<String> pieces) {
        ObjectNode start = JSON.createObjectNode().put("type", "text").put("text", "");
        List<ObjectNode> deltas = pieces.stream()
                .map(piece -> JSON.createObjectNode().put("type", "text_delta").put("text", piece))
                .toList();
        ObjectNode whole = JSON.createObjectNode().put("type", "text").put("text", String.join("", pieces));
        return List.of(new Block(start, deltas, whole));
    }

    /** A short text, then the tool call, its input streamed in two JSON fragments. */
    private static List<Block> toolUseBlocks() {
        ObjectNode start = JSON.createObjectNode().put("type", "tool_use").put("id", TOOL_USE_ID).put("name", TOOL_NAME);
        start.putObject("input");
        List<ObjectNode> deltas = List.of(
                JSON.createObjectNode().put("type", "input_json_delta").put("partial_json", "{\"city\": "),
                JSON.createObjectNode().put("type", "input_json_delta").put("partial_json", "\"Paris\"}"));
        ObjectNode whole = start.deepCopy();
        whole.putObject("input").put("city", "Paris");
        Block text = textBlocks(List.of(TOOL_PREAMBLE)).get(0);
        return List.of(text, new Block(start, deltas, whole));
    }

    private String message(List<Block> blocks, String stopReason) {
        ObjectNode message = messageHead();
        ArrayNode content = message.putArray("content");
        blocks.forEach(block -> content.add(block.whole()));
        message.put("stop_reason", stopReason).putNull("stop_sequence");
        message.putObject("usage").put("input_tokens", 14).put("output_tokens", 9)
                .put("cache_creation_input_tokens", 0).put("cache_read_input_tokens", 0);
        return message.toString();
    }

    private ResponseDefinitionBuilder eventStream(List<Block> blocks, String stopReason) {
        StringBuilder stream = new StringBuilder();
        ObjectNode head = messageHead();
        head.putArray("content");
        head.putNull("stop_reason").putNull("stop_sequence");
        head.putObject("usage").put("input_tokens", 14).put("output_tokens", 1);
        ObjectNode start = JSON.createObjectNode().put("type", "message_start");
        start.set("message", head);
        stream.append(event(start));
        stream.append(event(JSON.createObjectNode().put("type", "ping")));
        for (int index = 0; index < blocks.size(); index++) {
            Block block = blocks.get(index);
            ObjectNode blockStart = JSON.createObjectNode().put("type", "content_block_start").put("index", index);
            blockStart.set("content_block", block.start());
            stream.append(event(blockStart));
            for (ObjectNode delta : block.deltas()) {
                ObjectNode event = JSON.createObjectNode().put("type", "content_block_delta").put("index", index);
                event.set("delta", delta);
                stream.append(event(event));
            }
            stream.append(event(JSON.createObjectNode().put("type", "content_block_stop").put("index", index)));
        }
        ObjectNode messageDelta = JSON.createObjectNode().put("type", "message_delta");
        messageDelta.putObject("delta").put("stop_reason", stopReason).putNull("stop_sequence");
        messageDelta.putObject("usage").put("output_tokens", 9);
        stream.append(event(messageDelta));
        stream.append(event(JSON.createObjectNode().put("type", "message_stop")));
        return aResponse()
                .withStatus(200)
                .withHeader("Content-Type", "text/event-stream; charset=utf-8")
                .withHeader("Cache-Control", "no-cache")
                .withBody(stream.toString())
                .withChunkedDribbleDelay(4, 100);
    }

    private ObjectNode messageHead() {
        return JSON.createObjectNode()
                .put("id", "msg_e2e_" + name)
                .put("type", "message")
                .put("role", "assistant")
                .put("model", model());
    }

    private static String event(ObjectNode data) {
        return "event: " + data.get("type").asText() + "\ndata: " + data + "\n\n";
    }

    private MappingBuilder messagesCall() {
        if (!onVertex) {
            return post(urlPathEqualTo(MESSAGES_PATH));
        }
        return post(urlPathMatching(VERTEX_CALL))
                .withRequestBody(matchingJsonPath("$.anthropic_version"))
                .withRequestBody(notContaining("\"model\""));
    }
}
