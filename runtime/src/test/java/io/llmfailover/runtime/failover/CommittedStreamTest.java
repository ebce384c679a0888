package io.llmfailover.runtime.failover;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.provider.Protocol;
import io.llmfailover.runtime.testing.ScriptedTransport;
import io.llmfailover.runtime.testing.ScriptedTransport.BreakingStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class CommittedStreamTest {

    private static final String TWO_EVENTS = "data: {\"n\":1}\n\ndata: {\"n\":2}\n\n";

    @Test
    void aWholeStreamPassesUnchanged() throws IOException {
        String stream = TWO_EVENTS + "data: [DONE]\n\n";

        assertEquals(stream, read(new CommittedStream(bytes(stream), Protocol.OPENAI)));
    }

    @Test
    void aBreakMidEventDropsTheHalfEventAndEndsWithAnOpenAiErrorFrame() throws IOException {
        InputStream upstream = new BreakingStream((TWO_EVENTS + "data: {\"n\":").getBytes(StandardCharsets.UTF_8));

        ScriptedTransport.Drained drained = ScriptedTransport.drain(new CommittedStream(upstream, Protocol.OPENAI));
        String delivered = drained.text();

        assertNotNull(drained.end(), "after the error event the break itself reaches the reader");
        assertTrue(delivered.startsWith(TWO_EVENTS), delivered);
        String rest = delivered.substring(TWO_EVENTS.length());
        assertTrue(rest.startsWith("data: {\"error\":"), rest);
        assertTrue(rest.endsWith("\n\n"), rest);
    }

    @Test
    void anAnthropicStreamEndsWithAnErrorEvent() throws IOException {
        String events = "event: ping\ndata: {\"type\":\"ping\"}\n\n";
        InputStream upstream = new BreakingStream((events + "event: content_block_delta\n").getBytes(StandardCharsets.UTF_8));

        String delivered = ScriptedTransport.drain(new CommittedStream(upstream, Protocol.ANTHROPIC)).text();

        assertTrue(delivered.startsWith(events + "event: error\ndata: {"), delivered);
    }

    @Test
    void aStreamThatEndsWithoutABlankLineKeepsItsLastBytes() throws IOException {
        String stream = TWO_EVENTS + "data: {\"n\":3}";

        assertEquals(stream, read(new CommittedStream(bytes(stream), Protocol.OPENAI)));
    }

    @ParameterizedTest(name = "[{0}] ends an event at {1}")
    @CsvSource(delimiter = '|', value = {
        "'a\\n\\nb'            | 3",
        "'a\\r\\n\\r\\nb'      | 5",
        "'a\\r\\rb'            | 3",
        "'a\\nb\\n'            | 0",
        "'x\\n\\ny\\n\\nz'     | 6",
    })
    void findsTheLastBlankLine(String text, int expected) {
        byte[] bytes = text.replace("\\n", "\n").replace("\\r", "\r").getBytes(StandardCharsets.UTF_8);

        assertEquals(expected, CommittedStream.lastEventEnd(bytes));
    }

    private static InputStream bytes(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }

    private static String read(InputStream stream) throws IOException {
        return new String(stream.readAllBytes(), StandardCharsets.UTF_8);
    }
}
