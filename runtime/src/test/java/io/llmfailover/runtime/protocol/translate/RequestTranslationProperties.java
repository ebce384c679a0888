package io.llmfailover.runtime.protocol.translate;

import static io.llmfailover.runtime.testing.Tries.forAll;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.llmfailover.runtime.protocol.Operation;
import io.llmfailover.runtime.protocol.OperationPaths;
import io.llmfailover.runtime.provider.Protocol;
import io.llmfailover.runtime.testing.Generator;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Requests through every bridge, from generated bodies (tries and seed: see {@link
 * io.llmfailover.runtime.testing.Tries}): any body an app sends becomes a target request, a JSON
 * object when it is translated, or an {@link UntranslatableRequestException}, never another exception.
 */
class RequestTranslationProperties {

    private static final List<Direction> DIRECTIONS = Direction.all();

    @Test
    void anyBodyIsTranslatedOrRefusedAsUntranslatable() {
        Generator<String> bodies = Generator.oneOf(
                JsonValues.anyBody(Fixtures.bytes("source/openai-request.json")),
                JsonValues.anyBody(Fixtures.bytes("source/anthropic-request.json")),
                JsonValues.anyBody(Fixtures.bytes("source/gemini-request.json")),
                JsonValues.anyBody(Fixtures.bytes("source/bedrock-request.json")),
                JsonValues.anyBody(ResponsesApiTest.STATELESS.getBytes(StandardCharsets.UTF_8)));
        forAll(bodies, body -> {
            for (Direction direction : DIRECTIONS) {
                for (boolean stream : new boolean[] {false, true}) {
                    assertTranslatedOrRefused(direction, direction.source(stream, body.getBytes(StandardCharsets.UTF_8)));
                }
            }
        });
    }

    /** Found by the property above with the body {@code ":"}: a same-protocol fallback threw UncheckedIOException. */
    @Test
    void shrunkCounterexample_aBodyThatIsNotJsonIsUntranslatableForASameProtocolFallbackToo() {
        for (Direction direction : DIRECTIONS) {
            SourceRequest source = direction.source(false, ":".getBytes(StandardCharsets.UTF_8));
            if (!OperationPaths.modelInPath(direction.caller())) { // Gemini and Bedrock name the model in the path: the body passes as is
                assertThrows(UntranslatableRequestException.class, () -> direction.bridge().request(source, "another-model"),
                        direction.toString());
            }
        }
    }

    /** Found by the property above: a Gemini functionCall without a name, then a functionResponse, threw NullPointerException. */
    @Test
    void shrunkCounterexample_aGeminiFunctionCallWithoutANameIsUntranslatable() {
        String body = """
                {"contents":[{"role":"model","parts":[{"functionCall":{}}]},
                             {"role":"user","parts":[{"functionResponse":{"name":"f"}}]}]}""";
        for (Protocol target : List.of(Protocol.OPENAI, Protocol.ANTHROPIC)) {
            SourceRequest source = Fixtures.source(Protocol.GEMINI, false, body.getBytes(StandardCharsets.UTF_8));
            assertThrows(UntranslatableRequestException.class, () -> Fixtures.bridge(Protocol.GEMINI, target).request(source, "m"));
        }
    }

    /** Found by the property above: a Gemini tool without functionDeclarations threw NullPointerException. */
    @Test
    void shrunkCounterexample_aGeminiToolWithoutDeclarationsDeclaresNothing() throws Exception {
        String body = """
                {"contents":[{"role":"user","parts":[{"text":"hi"}]}],"tools":[{}]}""";
        for (Protocol target : List.of(Protocol.OPENAI, Protocol.ANTHROPIC)) {
            SourceRequest source = Fixtures.source(Protocol.GEMINI, false, body.getBytes(StandardCharsets.UTF_8));
            TargetRequest translated = Fixtures.bridge(Protocol.GEMINI, target).request(source, "m");

            assertFalse(Json.parseObject(translated.body()).has("tools"), target.toString());
        }
    }

    static void assertTranslatedOrRefused(Direction direction, SourceRequest source) {
        TargetRequest target;
        try {
            target = direction.bridge().request(source, direction.targetModel());
        } catch (UntranslatableRequestException refused) {
            return;
        } catch (RuntimeException | StackOverflowError e) {
            throw new AssertionError(direction + (source.stream() ? ", streamed" : "") + ": " + e, e);
        }
        if (rewritesThroughTheNeutralModel(direction)) {
            Json.parseObject(target.body());
        }
    }

    private static boolean rewritesThroughTheNeutralModel(Direction direction) {
        return direction.target() != direction.caller().protocol()
                || direction.caller() == Operation.RESPONSES && direction.target() == Protocol.OPENAI && !direction.bridge().passesBodiesThrough();
    }
}
