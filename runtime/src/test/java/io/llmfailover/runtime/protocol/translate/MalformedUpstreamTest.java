package io.llmfailover.runtime.protocol.translate;


import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.bridge.ProtocolBridge;
import io.llmfailover.runtime.provider.Protocol;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Generated inputs: realistic target bodies and streams, truncated, garbled and shuffled by a
 * seeded generator. Whatever arrives, the app gets well-formed output in its own protocol that
 * either completes normally or ends with an error its SDK reports.
 */
class MalformedUpstreamTest {

    private static final int CASES_PER_DIRECTION = 600;

    static Stream<org.junit.jupiter.params.provider.Arguments> directions() {
        return GoldenTranslationTest.directions();
    }

    @ParameterizedTest(name = "{0} app, {1} target: streams")
    @MethodSource("directions")
    void aMangledStreamEndsCleanlyInTheCallersDialect(Protocol from, Protocol to) throws Exception {
        Random random = new Random(from.ordinal() * 31L + to.ordinal());
        byte[] original = Fixtures.targetStream(to);
        SourceRequest source = Fixtures.source(from, true);
        ProtocolBridge bridge = Fixtures.bridge(from, to);
        TargetRequest target = bridge.request(source, Fixtures.targetModel(to));
        for (int i = 0; i < CASES_PER_DIRECTION; i++) {
            byte[] mangled = mangle(original, random);
            InputStream translated = bridge.response(new ChunkedInputStream(mangled, 1 + random.nextInt(50)), source, target);
            byte[] output = assertDoesNotThrow(() -> readAll(translated), "case " + i);
            CallerShapes.assertStreamEndsCleanly(source.operation(), output, "case " + i);
        }
    }

    @ParameterizedTest(name = "{0} app, {1} target: whole answers")
    @MethodSource("directions")
    void aMangledAnswerBecomesAnAnswerOrACleanError(Protocol from, Protocol to) throws Exception {
        Random random = new Random(1000 + from.ordinal() * 31L + to.ordinal());
        byte[] original = Fixtures.bytes("target/" + to.configName() + "-response.json");
        SourceRequest source = Fixtures.source(from, false);
        ProtocolBridge bridge = Fixtures.bridge(from, to);
        TargetRequest target = bridge.request(source, Fixtures.targetModel(to));
        for (int i = 0; i < CASES_PER_DIRECTION; i++) {
            byte[] mangled = mangle(original, random);
            byte[] output = assertDoesNotThrow(() -> readAll(bridge.response(new ByteArrayInputStream(mangled), source, target)));
            ObjectNode body = Json.parseObject(output);
            assertTrue(CallerShapes.isAnswer(source.operation(), body) || CallerShapes.isError(source.operation(), body),
                    "case " + i + " gave " + body);
        }
    }

    @ParameterizedTest(name = "{0} app, {1} target: error bodies")
    @MethodSource("directions")
    void anyErrorBodyBecomesTheCallersErrorShape(Protocol from, Protocol to) {
        Random random = new Random(2000 + from.ordinal() * 31L + to.ordinal());
        byte[] original = "{\"error\":{\"code\":503,\"message\":\"overloaded\",\"status\":\"UNAVAILABLE\"}}".getBytes(StandardCharsets.UTF_8);
        ProtocolBridge bridge = Fixtures.bridge(from, to);
        for (int i = 0; i < CASES_PER_DIRECTION; i++) {
            byte[] mangled = mangle(original, random);
            byte[] output = assertDoesNotThrow(() -> bridge.error(500 + random.nextInt(40), mangled));
            assertTrue(CallerShapes.isError(Fixtures.source(from, false).operation(), Json.parseObject(output)), "case " + i);
        }
    }

    @Test
    void anUpstreamThatBreaksOffMidStreamEndsWithAnErrorFrame() throws Exception {
        byte[] original = Fixtures.bytes("target/anthropic-stream.sse");
        InputStream breaking = new InputStream() {
            int position;

            @Override
            public int read() throws IOException {
                if (position == original.length / 2) {
                    throw new IOException("connection reset");
                }
                return original[position++] & 0xff;
            }
        };
        SourceRequest source = Fixtures.source(Protocol.OPENAI, true);
        ProtocolBridge bridge = Fixtures.bridge(Protocol.OPENAI, Protocol.ANTHROPIC);
        byte[] output = readAll(bridge.response(breaking, source, bridge.request(source, "claude-haiku-4-5")));
        List<JsonNode> events = Fixtures.transcript(output);
        assertTrue(events.get(events.size() - 1).path("data").has("error"), "last event is an error");
    }

    @Test
    void closingTheTranslatedStreamClosesTheTargetBody() throws Exception {
        ChunkedInputStream upstream = new ChunkedInputStream(Fixtures.bytes("target/gemini-stream.sse"), 10);
        SourceRequest source = Fixtures.source(Protocol.ANTHROPIC, true);
        ProtocolBridge bridge = Fixtures.bridge(Protocol.ANTHROPIC, Protocol.GEMINI);
        InputStream translated = bridge.response(upstream, source, bridge.request(source, "gemini-2.5-flash"));
        translated.read();
        translated.close();
        assertTrue(upstream.closed);
        assertEquals(-1, translated.read());
    }

    /** One of several kinds of damage, chosen at random. */
    static byte[] mangle(byte[] original, Random random) {
        byte[] bytes = original.clone();
        switch (random.nextInt(6)) {
            case 0 -> bytes = java.util.Arrays.copyOf(bytes, random.nextInt(bytes.length + 1));
            case 1 -> {
                for (int flips = 1 + random.nextInt(5); flips > 0; flips--) {
                    bytes[random.nextInt(bytes.length)] = (byte) random.nextInt(256);
                }
            }
            case 2 -> {
                int at = random.nextInt(bytes.length);
                String junk = List.of("data: {\"choices\":[{\"delta\":{\"tool_calls\":[{\"index\":5}]}}]}\n\n", "data: [DONE]\n\n",
                        "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":9}\n\n",
                        "data: {\"candidates\":7}\n\n", "data: null\n\n", "data: {\"error\":{}}\n\n", "\n\n\n", "data: {{{\n\n")
                        .get(random.nextInt(8));
                bytes = splice(bytes, at, junk.getBytes(StandardCharsets.UTF_8));
            }
            case 3 -> bytes = java.util.Arrays.copyOfRange(bytes, random.nextInt(bytes.length), bytes.length);
            case 4 -> {
                byte[] noise = new byte[random.nextInt(200)];
                random.nextBytes(noise);
                bytes = noise;
            }
            default -> {
                int at = random.nextInt(bytes.length);
                bytes = splice(bytes, at, java.util.Arrays.copyOfRange(original, random.nextInt(original.length), original.length));
            }
        }
        return bytes;
    }

    private static byte[] splice(byte[] bytes, int at, byte[] inserted) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(bytes, 0, at);
        out.writeBytes(inserted);
        out.write(bytes, at, bytes.length - at);
        return out.toByteArray();
    }

    private static byte[] readAll(InputStream in) throws IOException {
        return in.readAllBytes();
    }
}
