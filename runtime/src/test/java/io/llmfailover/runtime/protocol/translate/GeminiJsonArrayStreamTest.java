package io.llmfailover.runtime.protocol.translate;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmfailover.runtime.protocol.Operation;
import io.llmfailover.runtime.protocol.bridge.ProtocolBridge;
import io.llmfailover.runtime.provider.Protocol;
import org.junit.jupiter.api.Test;

/** A Gemini app that streams without {@code alt=sse} gets one JSON array of responses, as Gemini sends it. */
class GeminiJsonArrayStreamTest {

    @Test
    void framesBecomeElementsOfOneJsonArray() throws Exception {
        SourceRequest source = new SourceRequest(Operation.GENERATE_CONTENT, "gemini-2.5-pro", true, null,
                Fixtures.bytes("source/gemini-request.json"));
        ProtocolBridge bridge = Fixtures.bridge(Protocol.GEMINI, Protocol.OPENAI);
        byte[] output = bridge.response(new ChunkedInputStream(Fixtures.bytes("target/openai-stream.sse"), 3), source,
                bridge.request(source, "gpt-4o-mini")).readAllBytes();
        JsonNode array = Json.MAPPER.readTree(output);
        assertTrue(array.isArray());
        assertEquals(3, array.size());
        assertEquals("STOP", array.get(2).path("candidates").path(0).path("finishReason").asText());
    }

    @Test
    void aCutShortStreamStillClosesTheArrayWithAnError() throws Exception {
        SourceRequest source = new SourceRequest(Operation.GENERATE_CONTENT, "gemini-2.5-pro", true, null,
                Fixtures.bytes("source/gemini-request.json"));
        byte[] full = Fixtures.bytes("target/anthropic-stream.sse");
        byte[] cut = java.util.Arrays.copyOf(full, full.length / 2);
        ProtocolBridge bridge = Fixtures.bridge(Protocol.GEMINI, Protocol.ANTHROPIC);
        JsonNode array = Json.MAPPER.readTree(bridge.response(new ChunkedInputStream(cut, 11), source,
                bridge.request(source, "claude")).readAllBytes());
        assertEquals("INTERNAL", array.get(array.size() - 1).path("error").path("status").asText());
    }
}
