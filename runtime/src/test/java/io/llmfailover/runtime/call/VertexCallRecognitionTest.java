package io.llmfailover.runtime.call;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.protocol.Operation;
import io.llmfailover.runtime.protocol.translate.SourceRequest;
import io.llmfailover.runtime.provider.Protocol;
import io.llmfailover.runtime.provider.Provider;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** An app that calls Vertex AI itself (google-genai in Vertex mode, the Anthropic SDK's Vertex backend) is governed. */
class VertexCallRecognitionTest {

    private static final String BASE = "https://us-east5-aiplatform.googleapis.com/v1/projects/my-proj/locations/us-east5";

    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', value = {
        "VERTEX_GEMINI    | /publishers/google/models/gemini-2.5-flash:generateContent                     | {}                | GENERATE_CONTENT | gemini-2.5-flash         | false | ",
        "VERTEX_GEMINI    | /publishers/google/models/gemini-2.5-flash:streamGenerateContent?alt=sse       | {}                | GENERATE_CONTENT | gemini-2.5-flash         | true  | alt=sse",
        "VERTEX_GEMINI    | /publishers/google/models/gemini-2.5-flash:streamGenerateContent?alt=sse&key=k | {}                | GENERATE_CONTENT | gemini-2.5-flash         | true  | alt=sse",
        "VERTEX_ANTHROPIC | /publishers/anthropic/models/claude-sonnet-4@20250514:rawPredict               | {}                | MESSAGES         | claude-sonnet-4@20250514 | false | ",
        "VERTEX_ANTHROPIC | /publishers/anthropic/models/claude-sonnet-4%4020250514:streamRawPredict       | {'stream':true}   | MESSAGES         | claude-sonnet-4@20250514 | true  | ",
        "VERTEX_ANTHROPIC | /publishers/anthropic/models/claude-sonnet-4@20250514:rawPredict               | {'stream':true}   | MESSAGES         | claude-sonnet-4@20250514 | true  | ",
    })
    void readsTheModelFromThePathAndTheStreamFromTheVerb(Protocol protocol, String path, String body, Operation operation,
            String model, boolean stream, String query) {
        Provider vertex = new Provider("vertex", URI.create(BASE), protocol, List.of(), Map.of());
        LlmRequest request = new LlmRequest("POST", URI.create(BASE + path), HttpHeaders.EMPTY,
                body.replace('\'', '"').getBytes(StandardCharsets.UTF_8));

        assertEquals(operation, CallRecognizer.operationOf(protocol, "POST", request.uri().getRawPath()));
        SourceRequest source = CallRecognizer.recognize(vertex, request).orElseThrow().source();
        assertEquals(operation, source.operation());
        assertEquals(model, source.model());
        assertEquals(stream, source.stream());
        assertEquals(query, source.query());
        assertTrue(CallRecognizer.looksLikeGeneration("POST", request.uri().getRawPath()));
    }
}
