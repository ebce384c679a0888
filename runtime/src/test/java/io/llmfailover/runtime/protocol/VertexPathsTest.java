package io.llmfailover.runtime.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.llmfailover.runtime.provider.Protocol;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class VertexPathsTest {

    @ParameterizedTest(name = "{0} {1} stream={2}")
    @CsvSource(delimiter = '|', value = {
        "VERTEX_GEMINI    | gemini-2.5-flash         | false | /publishers/google/models/gemini-2.5-flash:generateContent",
        "VERTEX_GEMINI    | gemini-2.5-flash         | true  | /publishers/google/models/gemini-2.5-flash:streamGenerateContent",
        "VERTEX_ANTHROPIC | claude-sonnet-4@20250514 | false | /publishers/anthropic/models/claude-sonnet-4@20250514:rawPredict",
        "VERTEX_ANTHROPIC | claude-sonnet-4@20250514 | true  | /publishers/anthropic/models/claude-sonnet-4@20250514:streamRawPredict",
    })
    void namesThePublisherTheModelAndTheVerb(Protocol protocol, String model, boolean stream, String expected) {
        assertEquals(expected, VertexPaths.of(protocol, model, stream));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "a/../../v1/projects/x:rawPredict?  | a%2F..%2F..%2Fv1%2Fprojects%2Fx%3ArawPredict%3F",
        "m#frag %                           | m%23frag%20%25",
        "modèle                             | mod%C3%A8le",
        "claude-opus-4-1@20250805           | claude-opus-4-1@20250805",
    })
    void escapesEverythingAModelCouldUseToReachAnotherPath(String model, String escaped) {
        String path = VertexPaths.of(Protocol.VERTEX_ANTHROPIC, model, false);
        assertEquals("/publishers/anthropic/models/" + escaped + ":rawPredict", path);
        assertEquals(model, VertexPaths.parse(Protocol.VERTEX_ANTHROPIC, "/v1/projects/p/locations/l" + path).model());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", ".", ".."})
    void refusesWhatCannotBeASegmentEvenEscaped(String model) {
        assertFalse(VertexPaths.fitsInPath(model));
        assertThrows(IllegalArgumentException.class, () -> VertexPaths.of(Protocol.VERTEX_GEMINI, model, false));
    }

    @ParameterizedTest(name = "{0} on {1}")
    @CsvSource(delimiter = '|', value = {
        "/v1/projects/p/locations/l/publishers/google/models/gemini-2.5-flash:countTokens           | VERTEX_GEMINI",
        "/v1/projects/p/locations/l/publishers/google/models/gemini-2.5-flash:rawPredict            | VERTEX_GEMINI",
        "/v1/projects/p/locations/l/publishers/anthropic/models/claude-sonnet-4@20250514:rawPredict | VERTEX_GEMINI",
        "/v1/projects/p/locations/l/publishers/google/models/gemini-2.5-flash:generateContent       | VERTEX_ANTHROPIC",
        "/v1/projects/p/locations/l/publishers/anthropic/models/:rawPredict                         | VERTEX_ANTHROPIC",
        "/v1/projects/p/locations/l/publishers/anthropic/models/a/b:rawPredict                      | VERTEX_ANTHROPIC",
        "/v1/projects/p/locations/l/publishers/anthropic/models/bad%zzescape:rawPredict             | VERTEX_ANTHROPIC",
        "/v1/projects/p/locations/l/endpoints/123:predict                                           | VERTEX_ANTHROPIC",
    })
    void otherCallsAreNotGenerationCalls(String path, Protocol protocol) {
        assertNull(VertexPaths.parse(protocol, path));
        assertNull(VertexPaths.operationOf(protocol, path));
    }
}
