package io.llmfailover.e2e;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.MappingBuilder;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.eventstream.HeaderValue;
import software.amazon.awssdk.eventstream.Message;

/**
 * A stand-in Bedrock Runtime on loopback speaking the Converse API: {@code POST /model/{id}/converse}
 * answered with Converse JSON, {@code /model/{id}/converse-stream} with the AWS event stream
 * ({@code application/vnd.amazon.eventstream}, framed by the AWS SDK's own codec), and Bedrock's
 * throttling when told: a 429 head carrying {@code x-amzn-ErrorType: ThrottlingException}, or a 200
 * stream whose first message is a {@code throttlingException}.
 */
final class BedrockStub implements AutoCloseable {

    static final String CONVERSE_PATHS = "/model/[^/]+/converse";
    static final String STREAM_PATHS = "/model/[^/]+/converse-stream";
    static final String THROTTLED = "Too many requests, please wait before trying again.";
    static final String INVALID = "The provided model identifier is invalid (this stub rejects the request on purpose).";

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String EVENT_STREAM = "application/vnd.amazon.eventstream";
    private static final int FAILURE_PRIORITY = 1;
    private static final int ANSWER_PRIORITY = 5;

    private final String name;
    private final WireMockServer server;

    private BedrockStub(String name) {
        this.name = name;
        this.server = LoopbackWireMock.startAlsoSpeakingH2c();
    }

    /** A stub that answers every Converse call, blocking and streaming. */
    static BedrockStub answering(String name) {
        BedrockStub stub = new BedrockStub(name);
        stub.server.stubFor(post(urlPathMatching(CONVERSE_PATHS)).atPriority(ANSWER_PRIORITY).willReturn(aResponse()
                .withStatus(200)
                .withHeader("Content-Type", "application/json")
                .withHeader("x-amzn-RequestId", name + "-request")
                .withBody(stub.converseAnswer())));
        stub.server.stubFor(post(urlPathMatching(STREAM_PATHS)).atPriority(ANSWER_PRIORITY).willReturn(aResponse()
                .withStatus(200)
                .withHeader("Content-Type", EVENT_STREAM)
                .withHeader("x-amzn-RequestId", name + "-request")
                .withBody(stub.streamAnswer())));
        return stub;
    }

    /** The endpoint the app's SDK is given ({@code endpointOverride}) and the agent's provider URL. */
    String url() {
        return "http://127.0.0.1:" + server.port();
    }

    /** The text deltas of this stub's greeting, in order. */
    List<String> chunks() {
        return List.of("Hello", " from", " " + name);
    }

    String content() {
        return String.join("", chunks());
    }

    /** From now on every call is refused as Bedrock refuses over quota: a 429 {@code ThrottlingException}. */
    BedrockStub throttled() {
        for (String paths : List.of(CONVERSE_PATHS, STREAM_PATHS)) {
            server.stubFor(post(urlPathMatching(paths)).atPriority(FAILURE_PRIORITY).willReturn(aResponse()
                    .withStatus(429)
                    .withHeader("Content-Type", "application/json")
                    .withHeader("x-amzn-ErrorType", "ThrottlingException:http://internal.amazon.com/coral/com.amazon.bedrock/")
                    .withBody(JSON.createObjectNode().put("message", THROTTLED).toString())));
        }
        return this;
    }

    /** From now on every call is refused as the caller's own mistake: a 400 {@code ValidationException}. */
    BedrockStub rejectingAsInvalid() {
        for (String paths : List.of(CONVERSE_PATHS, STREAM_PATHS)) {
            server.stubFor(post(urlPathMatching(paths)).atPriority(FAILURE_PRIORITY).willReturn(aResponse()
                    .withStatus(400)
                    .withHeader("Content-Type", "application/json")
                    .withHeader("x-amzn-ErrorType", "ValidationException:http://internal.amazon.com/coral/com.amazon.bedrock/")
                    .withBody(JSON.createObjectNode().put("message", INVALID).toString())));
        }
        return this;
    }

    /** From now on every call, blocking or streaming, gets its response head only after {@code delay}. */
    BedrockStub answeringAfter(Duration delay) {
        server.stubFor(post(urlPathMatching(CONVERSE_PATHS)).atPriority(FAILURE_PRIORITY).willReturn(aResponse()
                .withStatus(200).withHeader("Content-Type", "application/json")
                .withFixedDelay((int) delay.toMillis()).withBody(converseAnswer())));
        server.stubFor(post(urlPathMatching(STREAM_PATHS)).atPriority(FAILURE_PRIORITY).willReturn(aResponse()
                .withStatus(200).withHeader("Content-Type", EVENT_STREAM)
                .withFixedDelay((int) delay.toMillis()).withBody(streamAnswer())));
        return this;
    }

    /** From now on every stream opens with a 200 whose first message is a {@code throttlingException}, as Bedrock does. */
    BedrockStub throttledInTheFirstEvent() {
        server.stubFor(post(urlPathMatching(STREAM_PATHS)).atPriority(FAILURE_PRIORITY).willReturn(aResponse()
                .withStatus(200)
                .withHeader("Content-Type", EVENT_STREAM)
                .withBody(frames(exception("throttlingException", JSON.createObjectNode().put("message", THROTTLED))))));
        return this;
    }

    /** Every Converse request this stub received, blocking and streaming, in arrival order. */
    List<LoggedRequest> requests() {
        return server.findAll(postRequestedFor(urlPathMatching(CONVERSE_PATHS + "(-stream)?")));
    }

    @Override
    public void close() {
        server.stop();
    }

    private String converseAnswer() {
        ObjectNode answer = JSON.createObjectNode();
        ObjectNode message = answer.putObject("output").putObject("message").put("role", "assistant");
        message.putArray("content").addObject().put("text", content());
        answer.put("stopReason", "end_turn");
        answer.set("usage", usage());
        answer.putObject("metrics").put("latencyMs", 12);
        return answer.toString();
    }

    private byte[] streamAnswer() {
        Message[] messages = new Message[chunks().size() + 4];
        int at = 0;
        messages[at++] = event("messageStart", JSON.createObjectNode().put("role", "assistant"));
        for (String chunk : chunks()) {
            ObjectNode delta = JSON.createObjectNode().put("contentBlockIndex", 0);
            delta.putObject("delta").put("text", chunk);
            messages[at++] = event("contentBlockDelta", delta);
        }
        messages[at++] = event("contentBlockStop", JSON.createObjectNode().put("contentBlockIndex", 0));
        messages[at++] = event("messageStop", JSON.createObjectNode().put("stopReason", "end_turn"));
        ObjectNode metadata = JSON.createObjectNode();
        metadata.set("usage", usage());
        metadata.putObject("metrics").put("latencyMs", 12);
        messages[at] = event("metadata", metadata);
        return frames(messages);
    }

    private static ObjectNode usage() {
        return JSON.createObjectNode().put("inputTokens", 9).put("outputTokens", 3).put("totalTokens", 12);
    }

    private static Message event(String type, ObjectNode payload) {
        Map<String, HeaderValue> headers = new LinkedHashMap<>();
        headers.put(":message-type", HeaderValue.fromString("event"));
        headers.put(":event-type", HeaderValue.fromString(type));
        headers.put(":content-type", HeaderValue.fromString("application/json"));
        return new Message(headers, payload.toString().getBytes(StandardCharsets.UTF_8));
    }

    private static Message exception(String type, ObjectNode payload) {
        Map<String, HeaderValue> headers = new LinkedHashMap<>();
        headers.put(":message-type", HeaderValue.fromString("exception"));
        headers.put(":exception-type", HeaderValue.fromString(type));
        headers.put(":content-type", HeaderValue.fromString("application/json"));
        return new Message(headers, payload.toString().getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] frames(Message... messages) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Message message : messages) {
            message.encode(out);
        }
        return out.toByteArray();
    }
}
