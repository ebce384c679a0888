package io.llmfailover.runtime.protocol.translate;

import static io.llmfailover.runtime.protocol.translate.Fixtures.assertGolden;
import static io.llmfailover.runtime.protocol.translate.Fixtures.bytes;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.provider.Protocol;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every direction, against golden files under {@code translate/golden/<from>-to-<to>/}: the app's
 * request from {@code source/}, the target's answers from {@code target/}, and what each becomes.
 */
class GoldenTranslationTest {

    static Stream<Arguments> directions() {
        List<Arguments> directions = new ArrayList<>();
        for (Protocol from : Protocol.values()) {
            for (Protocol to : Protocol.values()) {
                if (from != to) {
                    directions.add(Arguments.of(from, to));
                }
            }
        }
        return directions.stream();
    }

    static Stream<Arguments> directionsAndChunkSizes() {
        return directions().flatMap(direction -> Stream.of(1, 7, 64, Integer.MAX_VALUE)
                .map(chunk -> Arguments.of(direction.get()[0], direction.get()[1], chunk)));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("directions")
    void translatesTheRequest(Protocol from, Protocol to) throws Exception {
        TargetRequest target = Fixtures.bridge(from, to).request(Fixtures.source(from, true), Fixtures.targetModel(to));
        ObjectNode actual = Json.object().put("path", target.path());
        ObjectNode headers = actual.putObject("headers");
        target.headers().forEach(headers::put);
        actual.set("dropped", Fixtures.strings(target.dropped()));
        actual.set("body", Json.parseObject(target.body()));
        assertGolden(golden(from, to, "request.json"), Fixtures.pretty(actual), Fixtures::assertSameJson);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("directions")
    void translatesTheWholeAnswer(Protocol from, Protocol to) throws Exception {
        SourceRequest source = Fixtures.source(from, false);
        TargetRequest target = Fixtures.bridge(from, to).request(source, Fixtures.targetModel(to));
        InputStream answer = Fixtures.bridge(from, to).response(
                new ByteArrayInputStream(bytes("target/" + to.configName() + "-response.json")), source, target);
        String actual = Fixtures.withoutMadeUpIds(to, Fixtures.pretty(Json.parseObject(answer.readAllBytes())));
        assertGolden(golden(from, to, "response.json"), actual, Fixtures::assertSameJson);
    }

    @ParameterizedTest(name = "{0} -> {1} read {2} bytes at a time")
    @MethodSource("directionsAndChunkSizes")
    void translatesTheStreamWhateverTheChunking(Protocol from, Protocol to, int chunk) throws Exception {
        SourceRequest source = Fixtures.source(from, true);
        TargetRequest target = Fixtures.bridge(from, to).request(source, Fixtures.targetModel(to));
        byte[] stream = Fixtures.targetStream(to);
        InputStream answer = Fixtures.bridge(from, to).response(new ChunkedInputStream(stream, chunk), source, target);
        byte[] translated = readInOddSizes(answer);
        if (chunk == Integer.MAX_VALUE || !Fixtures.WRITE_GOLDEN) {
            if (from == Protocol.BEDROCK) {
                // A binary event stream is kept as its transcript, which a reviewer can read.
                String actual = Fixtures.pretty(Json.MAPPER.valueToTree(Fixtures.transcript(translated)));
                assertGolden(golden(from, to, "stream.events.json"), actual,
                        (expected, was) -> assertEquals(Json.MAPPER.readTree(expected), Json.MAPPER.readTree(was), was));
            } else {
                assertGolden(golden(from, to, "stream.sse"), Fixtures.withoutMadeUpIds(to, new String(translated, StandardCharsets.UTF_8)),
                        Fixtures::assertSameEvents);
            }
        }
    }

    private static byte[] readInOddSizes(InputStream in) throws IOException {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        byte[] buffer = new byte[13];
        int read;
        while ((read = in.read(buffer, 0, buffer.length)) >= 0) {
            out.write(buffer, 0, read);
        }
        return out.toByteArray();
    }

    private static String golden(Protocol from, Protocol to, String file) {
        return "golden/" + from.configName() + "-to-" + to.configName() + "/" + file;
    }
}
