package io.llmfailover.runtime.protocol.translate.sse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
import org.junit.jupiter.params.provider.MethodSource;

class SseReaderTest {

    private static final List<SseEvent> TWO_EVENTS = List.of(
            new SseEvent("message_start", "{\"a\":1}"), new SseEvent(null, "{\"b\":\"é\"}"));

    static Stream<Arguments> lineEndingsAndChunkings() {
        List<Arguments> cases = new ArrayList<>();
        for (String eol : List.of("\n", "\r\n", "\r")) {
            for (int chunk : List.of(1, 2, 3, 7, 1000)) {
                cases.add(Arguments.of(eol.replace("\r", "CR").replace("\n", "LF"), chunk));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} line endings, {1} bytes per read")
    @MethodSource("lineEndingsAndChunkings")
    void readsTheSameEventsWhateverTheLineEndingsAndChunking(String eolName, int chunk) throws IOException {
        String eol = eolName.replace("CR", "\r").replace("LF", "\n");
        String stream = "event: message_start" + eol + "data: {\"a\":1}" + eol + eol
                + ": keep-alive" + eol + eol
                + "data: {\"b\":\"é\"}" + eol + eol;
        assertEquals(TWO_EVENTS, readAll(stream, chunk));
    }

    @Test
    void joinsMultiLineDataWithNewlines() throws IOException {
        assertEquals(List.of(new SseEvent(null, "{\"a\":\n1}")), readAll("data: {\"a\":\ndata: 1}\n\n", 1000));
    }

    @Test
    void readsSeveralEventsDeliveredInOneRead() throws IOException {
        assertEquals(3, readAll("data: 1\n\ndata: 2\n\ndata: 3\n\n", 1000).size());
    }

    @Test
    void skipsCommentsAndIgnoresIdAndRetryFields() throws IOException {
        assertEquals(List.of(new SseEvent(null, "x")), readAll(": ping\nid: 7\nretry: 100\ndata: x\n\n", 1000));
    }

    @Test
    void keepsTheValueAfterAColonWithoutASpace() throws IOException {
        assertEquals(List.of(new SseEvent("e", "x")), readAll("event:e\ndata:x\n\n", 1000));
    }

    @Test
    void deliversALastEventThatLacksItsBlankLine() throws IOException {
        assertEquals(List.of(new SseEvent(null, "{\"last\":true}")), readAll("data: {\"last\":true}", 1000));
    }

    @Test
    void endsWithNullOnAnEmptyStream() throws IOException {
        assertEquals(List.of(), readAll("", 1000));
    }

    @Test
    void refusesAnEventLargerThanItsBound() {
        SseReader reader = new SseReader(stream("data: " + "x".repeat(100) + "\n\n", 1000), 64);
        assertThrows(IOException.class, reader::next);
    }

    private static List<SseEvent> readAll(String text, int chunk) throws IOException {
        SseReader reader = new SseReader(stream(text, chunk));
        List<SseEvent> events = new ArrayList<>();
        for (SseEvent event = reader.next(); event != null; event = reader.next()) {
            events.add(event);
        }
        return events;
    }

    private static InputStream stream(String text, int chunk) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        return new ByteArrayInputStream(bytes) {
            @Override
            public synchronized int read(byte[] into, int offset, int length) {
                return super.read(into, offset, Math.min(length, chunk));
            }
        };
    }
}
