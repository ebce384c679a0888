package io.llmfailover.runtime.protocol.translate;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmfailover.runtime.protocol.bridge.CrossProtocolBridge;
import io.llmfailover.runtime.protocol.bridge.ProtocolBridge;
import io.llmfailover.runtime.provider.Protocol;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class WholeResponseCapTest {

    @Test
    @DisplayName("Caps: a whole answer over 64 MB from a fallback becomes a clear 502 error, not an OutOfMemoryError")
    void aHugeWholeAnswerBecomesAClearError() throws Exception {
        SourceRequest source = Fixtures.source(Protocol.OPENAI, false);
        ProtocolBridge bridge = Fixtures.bridge(Protocol.OPENAI, Protocol.ANTHROPIC);
        TargetRequest target = bridge.request(source, Fixtures.targetModel(Protocol.ANTHROPIC));
        EndlessBody endless = new EndlessBody();

        byte[] answer = bridge.response(endless, source, target).readAllBytes();

        JsonNode error = Json.parseObject(answer).path("error");
        assertTrue(error.path("message").asText().contains("larger than 64 MB"), new String(answer, StandardCharsets.UTF_8));
        assertEquals(CrossProtocolBridge.MAX_WHOLE_RESPONSE_BYTES + 1L, endless.served, "reading stops past the cap");
    }

    /** A body that never ends. */
    private static final class EndlessBody extends InputStream {
        long served;

        @Override
        public int read() {
            served++;
            return ' ';
        }

        @Override
        public int read(byte[] into, int offset, int length) {
            java.util.Arrays.fill(into, offset, offset + length, (byte) ' ');
            served += length;
            return length;
        }
    }
}
