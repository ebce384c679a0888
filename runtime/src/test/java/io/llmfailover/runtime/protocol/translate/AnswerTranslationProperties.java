package io.llmfailover.runtime.protocol.translate;

import static io.llmfailover.runtime.testing.Tries.forAll;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.provider.Protocol;
import io.llmfailover.runtime.testing.Generator;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Whole (unstreamed) answers and error bodies through every translating bridge, from generated
 * bodies (tries and seed: see {@link io.llmfailover.runtime.testing.Tries}): any answer becomes
 * the app's answer or its protocol's error body, never an exception.
 */
class AnswerTranslationProperties {

    private static final List<Direction> DIRECTIONS = Direction.translatingAnswers();
    private static final int[] STATUSES = {400, 401, 404, 413, 429, 500, 503, 529, 599};

    @Test
    void anyAnswerBecomesTheCallersAnswerOrItsErrorBody() {
        forAll(anyTargetBody("response.json"), body -> {
            for (Direction direction : DIRECTIONS) {
                SourceRequest source = direction.source(false);
                TargetRequest target = direction.bridge().request(source, direction.targetModel());

                byte[] output = direction.bridge().response(
                        new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8)), source, target).readAllBytes();

                ObjectNode answer = Json.parseObject(output);
                assertTrue(CallerShapes.isAnswer(direction.caller(), answer) || CallerShapes.isError(direction.caller(), answer),
                        direction + " gave " + answer);
            }
        });
    }

    /** Across protocols: an OpenAI-compatible vendor's errors already have the app's shape and pass through as sent. */
    @Test
    void anyErrorBodyFromAnotherProtocolBecomesTheCallersErrorBody() {
        List<Direction> acrossProtocols = DIRECTIONS.stream().filter(d -> d.target() != d.caller().protocol()).toList();
        forAll(Generator.oneOf(anyTargetBody("response.json"), Generator.anyText(200)), body -> {
            for (Direction direction : acrossProtocols) {
                for (int status : STATUSES) {
                    byte[] output = direction.bridge().error(status, body.getBytes(StandardCharsets.UTF_8));

                    assertTrue(CallerShapes.isError(direction.caller(), Json.parseObject(output)), direction + " status " + status);
                }
            }
        });
    }

    /** Any body, most of them a target's fixture edited, of any of the three protocols. */
    private static Generator<String> anyTargetBody(String fixture) {
        return Generator.oneOf(
                JsonValues.anyBody(Fixtures.bytes("target/" + Protocol.OPENAI.configName() + "-" + fixture)),
                JsonValues.anyBody(Fixtures.bytes("target/" + Protocol.ANTHROPIC.configName() + "-" + fixture)),
                JsonValues.anyBody(Fixtures.bytes("target/" + Protocol.GEMINI.configName() + "-" + fixture)),
                JsonValues.anyBody(Fixtures.bytes("target/" + Protocol.OPENAI.configName() + "-" + fixture))
                        .map(body -> "{\"error\":" + body + "}"));
    }
}
