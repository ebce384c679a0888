package io.llmfailover.runtime.protocol.translate;

import static io.llmfailover.runtime.protocol.translate.Fixtures.bytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.Operation;
import io.llmfailover.runtime.protocol.bridge.ProtocolBridge;
import io.llmfailover.runtime.provider.Protocol;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Vertex AI carries its publishers' bodies: a call to or from Vertex is the publishers' translation
 * (checked against the golden files of {@link GoldenTranslationTest}) inside Vertex's envelope, the
 * model in the path and, for Claude, {@code anthropic_version} in the body instead of the model.
 */
class VertexBridgeTest {

    private static final String CLAUDE_ON_VERTEX = "claude-sonnet-4@20250514";

    static Stream<Arguments> publishersToVertex() {
        List<Arguments> cases = new ArrayList<>();
        for (Protocol from : List.of(Protocol.OPENAI, Protocol.ANTHROPIC, Protocol.GEMINI)) {
            for (Protocol to : List.of(Protocol.VERTEX_GEMINI, Protocol.VERTEX_ANTHROPIC)) {
                cases.add(Arguments.of(from, to, false));
                cases.add(Arguments.of(from, to, true));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} -> {1}, stream {2}")
    @MethodSource("publishersToVertex")
    void aRequestToVertexIsThePublishersRequestInVertexsEnvelope(Protocol from, Protocol to, boolean stream) throws Exception {
        SourceRequest source = Fixtures.source(from, stream);
        String model = Fixtures.targetModel(to);
        TargetRequest publishers = Fixtures.bridge(from, to.wire()).request(source, model);

        TargetRequest vertex = Fixtures.bridge(from, to).request(source, model);

        ObjectNode expected = Json.parseObject(publishers.body());
        if (to == Protocol.VERTEX_ANTHROPIC) {
            expected.remove("model");
            expected.put("anthropic_version", "vertex-2023-10-16");
            assertTrue(vertex.headers().isEmpty(), "Vertex takes the version from the body: " + vertex.headers());
        }
        assertEquals(expected, Json.parseObject(vertex.body()));
        assertEquals(vertexPath(to, model, publishers.stream()), vertex.path());
        assertEquals(publishers.dropped(), vertex.dropped());
        assertEquals(model, vertex.model());
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({"OPENAI, VERTEX_GEMINI", "OPENAI, VERTEX_ANTHROPIC", "ANTHROPIC, VERTEX_GEMINI", "GEMINI, VERTEX_ANTHROPIC"})
    void anAnswerFromVertexReadsAsItsPublishersAnswer(Protocol from, Protocol to) throws Exception {
        String golden = "golden/" + from.configName() + "-to-" + to.wire().configName() + "/";
        String target = "target/" + to.wire().configName();

        String whole = answer(from, to, false, bytes(target + "-response.json"));
        String streamed = answer(from, to, true, bytes(target + "-stream.sse"));

        Fixtures.assertSameJson(new String(bytes(golden + "response.json"), StandardCharsets.UTF_8), whole);
        Fixtures.assertSameEvents(new String(bytes(golden + "stream.sse"), StandardCharsets.UTF_8), streamed);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({"ANTHROPIC, VERTEX_ANTHROPIC", "GEMINI, VERTEX_GEMINI", "VERTEX_ANTHROPIC, ANTHROPIC",
        "VERTEX_GEMINI, GEMINI", "VERTEX_ANTHROPIC, VERTEX_ANTHROPIC", "VERTEX_GEMINI, VERTEX_GEMINI"})
    void anAnswerOfTheSamePublisherPassesThrough(Protocol from, Protocol to) throws Exception {
        byte[] stream = bytes("target/" + to.wire().configName() + "-stream.sse");
        ProtocolBridge bridge = Fixtures.bridge(from, to);

        assertTrue(bridge.passesBodiesThrough());
        assertArrayEquals(stream, bridge.response(new ByteArrayInputStream(stream), null, null).readAllBytes());
    }

    @Test
    void aClaudeOnVertexCallToAnthropicGetsItsModelBackItsVersionHeaderAndNoVertexField() throws Exception {
        TargetRequest sent = Fixtures.bridge(Protocol.VERTEX_ANTHROPIC, Protocol.ANTHROPIC).request(claudeOnVertex(true), "claude-haiku-4-5");

        ObjectNode expected = Fixtures.json("source/anthropic-request.json").put("model", "claude-haiku-4-5");
        assertEquals(expected, Json.parseObject(sent.body()));
        assertEquals("/messages", sent.path());
        assertEquals("2023-06-01", sent.headers().first("anthropic-version").orElseThrow());
    }

    @Test
    void aClaudeOnVertexCallToClaudeOnVertexElsewhereKeepsItsBodyAndNamesTheModelInThePath() throws Exception {
        SourceRequest source = claudeOnVertex(true);

        TargetRequest sent = Fixtures.bridge(Protocol.VERTEX_ANTHROPIC, Protocol.VERTEX_ANTHROPIC).request(source, "claude-opus-4-1@20250805");

        assertEquals(Json.parseObject(source.body()), Json.parseObject(sent.body()));
        assertEquals("/publishers/anthropic/models/claude-opus-4-1@20250805:streamRawPredict", sent.path());
    }

    @ParameterizedTest(name = "to {0}, stream {1}")
    @CsvSource({"OPENAI, false", "OPENAI, true", "GEMINI, false", "GEMINI, true", "VERTEX_GEMINI, true"})
    void aClaudeOnVertexCallTranslatesAsTheSameAnthropicCall(Protocol to, boolean stream) throws Exception {
        ObjectNode anthropicBody = Fixtures.json("source/anthropic-request.json").put("model", CLAUDE_ON_VERTEX);
        SourceRequest anthropic = new SourceRequest(Operation.MESSAGES, CLAUDE_ON_VERTEX, stream, null, Json.bytes(anthropicBody));

        assertTranslatesAlike(Protocol.ANTHROPIC, anthropic, Protocol.VERTEX_ANTHROPIC, claudeOnVertex(stream), to, stream);
    }

    @ParameterizedTest(name = "to {0}, stream {1}")
    @CsvSource({"OPENAI, false", "OPENAI, true", "ANTHROPIC, true", "VERTEX_ANTHROPIC, true"})
    void aGeminiOnVertexCallTranslatesAsTheSameGeminiCall(Protocol to, boolean stream) throws Exception {
        assertTranslatesAlike(Protocol.GEMINI, Fixtures.source(Protocol.GEMINI, stream),
                Protocol.VERTEX_GEMINI, Fixtures.source(Protocol.VERTEX_GEMINI, stream, bytes("source/gemini-request.json")), to, stream);
    }

    @Test
    void aGeminiOnVertexCallToGeminiNamesTheModelInGeminisPath() throws Exception {
        SourceRequest source = Fixtures.source(Protocol.VERTEX_GEMINI, true, bytes("source/gemini-request.json"));

        TargetRequest sent = Fixtures.bridge(Protocol.VERTEX_GEMINI, Protocol.GEMINI).request(source, "gemini-2.5-flash");

        assertEquals("/models/gemini-2.5-flash:streamGenerateContent?alt=sse", sent.path());
        assertArrayEquals(source.body(), sent.body());
    }

    @Test
    void aGeminiContentWithoutARoleIsTheUsersOnVertex() throws Exception {
        byte[] body = "{\"contents\":[{\"parts\":[{\"text\":\"Say hello\"}]}]}".getBytes(StandardCharsets.UTF_8);
        SourceRequest source = new SourceRequest(Operation.GENERATE_CONTENT, "gemini-2.5-flash", false, null, body);

        TargetRequest sent = Fixtures.bridge(Protocol.GEMINI, Protocol.VERTEX_GEMINI).request(source, "gemini-2.5-flash");

        assertEquals("user", Json.parseObject(sent.body()).at("/contents/0/role").asText());
    }

    @Test
    void aModelThatCannotBeAPathSegmentSkipsTheVertexStep() {
        SourceRequest source = Fixtures.source(Protocol.OPENAI, false);

        assertThrows(UntranslatableRequestException.class,
                () -> Fixtures.bridge(Protocol.OPENAI, Protocol.VERTEX_ANTHROPIC).request(source, ".."));
    }

    @Test
    void anErrorReachesAVertexCallerInItsPublishersShape() {
        byte[] openAiError = "{\"error\":{\"message\":\"slow down\",\"type\":\"rate_limit_error\"}}".getBytes(StandardCharsets.UTF_8);

        ObjectNode claude = Json.parseObject(Fixtures.bridge(Protocol.VERTEX_ANTHROPIC, Protocol.OPENAI).error(429, openAiError));
        ObjectNode gemini = Json.parseObject(Fixtures.bridge(Protocol.VERTEX_GEMINI, Protocol.OPENAI).error(429, openAiError));

        assertEquals("error", claude.path("type").asText(), claude::toString);
        assertEquals("slow down", claude.at("/error/message").asText(), claude::toString);
        assertEquals("RESOURCE_EXHAUSTED", gemini.at("/error/status").asText(), gemini::toString);
        assertEquals(429, ErrorBodies.statusFor(Protocol.VERTEX_ANTHROPIC, 429));
        assertEquals(529, ErrorBodies.statusFor(Protocol.VERTEX_ANTHROPIC, 529));
        assertEquals(503, ErrorBodies.statusFor(Protocol.VERTEX_GEMINI, 529));
    }

    /** The Anthropic fixture as the Anthropic SDK's Vertex backend sends it: the model in the path only. */
    private static SourceRequest claudeOnVertex(boolean stream) {
        ObjectNode body = Fixtures.json("source/anthropic-request.json");
        body.remove("model");
        body.put("anthropic_version", "vertex-2023-10-16");
        return new SourceRequest(Operation.MESSAGES, CLAUDE_ON_VERTEX, stream, null, Json.bytes(body));
    }

    private static void assertTranslatesAlike(Protocol publisher, SourceRequest publishersCall, Protocol vertex,
            SourceRequest vertexCall, Protocol to, boolean stream) throws Exception {
        String model = Fixtures.targetModel(to);
        TargetRequest expected = Fixtures.bridge(publisher, to).request(publishersCall, model);
        TargetRequest actual = Fixtures.bridge(vertex, to).request(vertexCall, model);
        assertEquals(expected.path(), actual.path());
        assertEquals(Json.parseObject(expected.body()), Json.parseObject(actual.body()));
        assertEquals(expected.dropped(), actual.dropped());

        String target = "target/" + to.wire().configName() + (stream ? "-stream.sse" : "-response.json");
        assertEquals(read(Fixtures.bridge(publisher, to).response(new ByteArrayInputStream(bytes(target)), publishersCall, expected)),
                read(Fixtures.bridge(vertex, to).response(new ByteArrayInputStream(bytes(target)), vertexCall, actual)));
    }

    private static String answer(Protocol from, Protocol to, boolean stream, byte[] targetAnswer) throws Exception {
        SourceRequest source = Fixtures.source(from, stream);
        ProtocolBridge bridge = Fixtures.bridge(from, to);
        TargetRequest sent = bridge.request(source, Fixtures.targetModel(to.wire()));
        return read(bridge.response(new ByteArrayInputStream(targetAnswer), source, sent));
    }

    private static String read(InputStream in) throws IOException {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static String vertexPath(Protocol to, String model, boolean stream) {
        if (to == Protocol.VERTEX_GEMINI) {
            return "/publishers/google/models/" + model + (stream ? ":streamGenerateContent?alt=sse" : ":generateContent");
        }
        return "/publishers/anthropic/models/" + model + (stream ? ":streamRawPredict" : ":rawPredict");
    }
}
