package io.llmfailover.runtime.walk;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.protocol.translate.eventstream.EventStreamEncoder;
import io.llmfailover.runtime.protocol.translate.eventstream.EventStreamMessage;
import io.llmfailover.runtime.protocol.translate.eventstream.EventStreamReader;
import io.llmfailover.runtime.provider.Protocol;
import io.llmfailover.runtime.testing.ScriptedTransport;
import io.llmfailover.runtime.testing.ScriptedTransport.BreakingStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

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
    void aBreakIsReportedOnceAndAWholeStreamNever() throws IOException {
        List<IOException> reported = new ArrayList<>();
        InputStream upstream = new BreakingStream((TWO_EVENTS + "data: {\"n\":").getBytes(StandardCharsets.UTF_8));

        ScriptedTransport.drain(new CommittedStream(upstream, Protocol.OPENAI).reportingBreaksTo(reported::add));
        read(new CommittedStream(bytes(TWO_EVENTS), Protocol.OPENAI).reportingBreaksTo(reported::add));

        assertEquals(1, reported.size(), reported::toString);
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

    @Test
    @DisplayName("M7: a 5 MB event arriving one byte per read is scanned and copied in linear work")
    void M7_aHugeEventInOneByteReadsCostsLinearWork() throws IOException {
        int eventBytes = 5 * 1024 * 1024;
        byte[] stream = hugeEventThenDone(eventBytes);
        OneBytePerRead upstream = new OneBytePerRead(stream);
        CommittedStream committed = new CommittedStream(upstream, Protocol.OPENAI);

        byte[] delivered = committed.readAllBytes();

        assertArrayEquals(stream, delivered);
        assertTrue(upstream.reads <= stream.length + 1, "each upstream byte is read once: " + upstream.reads);
        assertTrue(committed.bytesMoved() <= 2L * stream.length,
                "bytes moved in memory stay linear in the stream, not quadratic: " + committed.bytesMoved());
    }

    @Test
    @DisplayName("M7: an unfinished event larger than the cap ends the stream like a break, and reading stops")
    void M7_anEventLargerThanTheCapEndsTheStreamWithAnErrorEvent() {
        String first = "data: {\"n\":1}\n\n";
        EndlessEvent upstream = new EndlessEvent(first + "data: ");
        CommittedStream committed = new CommittedStream(upstream, Protocol.OPENAI);

        ScriptedTransport.Drained drained = ScriptedTransport.drain(committed);

        assertNotNull(drained.end(), "the break reaches the reader after the error event");
        assertTrue(drained.text().startsWith(first + "data: {\"error\":"), drained.text().substring(0, 64));
        assertTrue(drained.text().endsWith("\n\n"));
        assertTrue(drained.text().length() < 1024, "the oversized event is dropped, not delivered");
        assertTrue(upstream.served <= CommittedStream.MAX_EVENT_BYTES + 64 * 1024,
                "reading stops at the cap: " + upstream.served);
    }

    @Test
    void anEventEndSplitAcrossReadsIsFound() throws IOException {
        String stream = "data: {\"n\":1}\r\n\r\ndata: {\"n\":2}\n\n";
        OneBytePerRead upstream = new OneBytePerRead(stream.getBytes(StandardCharsets.UTF_8));

        assertEquals(stream, read(new CommittedStream(upstream, Protocol.OPENAI)));
    }

    @Test
    void aBedrockCallersMessageIsHandedOnOnceWholeWithoutWaitingForTheNext() throws IOException {
        byte[] first = EventStreamEncoder.encode(EventStreamMessage.event("chunk", "{\"bytes\":\"eyJ0eXBlIjoicGluZyJ9\"}"));
        byte[] second = EventStreamEncoder.encode(EventStreamMessage.event("chunk", "{\"bytes\":\"e30=\"}"));
        List<byte[]> reads = new ArrayList<>(List.of(Arrays.copyOf(first, 7), Arrays.copyOfRange(first, 7, first.length), second));
        int[] upstreamReads = new int[1];
        InputStream upstream = new InputStream() {
            @Override
            public int read() {
                throw new UnsupportedOperationException();
            }

            @Override
            public int read(byte[] into, int offset, int length) {
                if (reads.isEmpty()) {
                    return -1;
                }
                upstreamReads[0]++;
                byte[] next = reads.remove(0);
                System.arraycopy(next, 0, into, offset, next.length);
                return next.length;
            }
        };
        CommittedStream committed = new CommittedStream(upstream, Protocol.BEDROCK_ANTHROPIC);

        byte[] handed = committed.readNBytes(first.length);

        assertArrayEquals(first, handed);
        assertEquals(2, upstreamReads[0], "the second message was not waited for");
        assertArrayEquals(second, committed.readAllBytes());
    }

    @Test
    void aBedrockCallersStreamBrokenMidMessageEndsWithAnExceptionMessage() throws IOException {
        byte[] first = EventStreamEncoder.encode(EventStreamMessage.event("chunk", "{\"bytes\":\"e30=\"}"));
        byte[] second = EventStreamEncoder.encode(EventStreamMessage.event("chunk", "{\"bytes\":\"e30=\"}"));
        byte[] upstream = Arrays.copyOf(first, first.length + 9);
        System.arraycopy(second, 0, upstream, first.length, 9);

        CommittedStream committed = new CommittedStream(new BreakingStream(upstream), Protocol.BEDROCK);
        ByteArrayOutputStream read = new ByteArrayOutputStream();
        byte[] buffer = new byte[64];
        IOException end = null;
        try {
            for (int n = committed.read(buffer); n >= 0; n = committed.read(buffer)) {
                read.write(buffer, 0, n);
            }
        } catch (IOException broken) {
            end = broken;
        }
        byte[] delivered = read.toByteArray();

        assertNotNull(end, "after the exception message the break itself reaches the reader");
        assertArrayEquals(first, Arrays.copyOf(delivered, first.length));
        EventStreamMessage trailer = new EventStreamReader(new ByteArrayInputStream(
                Arrays.copyOfRange(delivered, first.length, delivered.length))).next();
        assertEquals("exception", trailer.text(EventStreamMessage.MESSAGE_TYPE));
    }

    private static byte[] hugeEventThenDone(int eventBytes) {
        byte[] head = "data: \"".getBytes(StandardCharsets.UTF_8);
        byte[] tail = "\"\n\ndata: [DONE]\n\n".getBytes(StandardCharsets.UTF_8);
        byte[] all = new byte[eventBytes + tail.length];
        java.util.Arrays.fill(all, (byte) 'x');
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(tail, 0, all, eventBytes, tail.length);
        return all;
    }

    /** Hands out one byte per read, the worst case for a reader that rescans or copies per read. */
    private static final class OneBytePerRead extends InputStream {
        private final byte[] bytes;
        private int position;
        int reads;

        OneBytePerRead(byte[] bytes) {
            this.bytes = bytes;
        }

        @Override
        public int read() {
            reads++;
            return position < bytes.length ? bytes[position++] & 0xff : -1;
        }

        @Override
        public int read(byte[] into, int offset, int length) {
            if (length == 0) {
                return 0;
            }
            int b = read();
            if (b < 0) {
                return -1;
            }
            into[offset] = (byte) b;
            return 1;
        }
    }

    /** A prefix, then an event that never ends. */
    private static final class EndlessEvent extends InputStream {
        private final byte[] prefix;
        long served;

        EndlessEvent(String prefix) {
            this.prefix = prefix.getBytes(StandardCharsets.UTF_8);
        }

        @Override
        public int read() {
            byte[] one = new byte[1];
            read(one, 0, 1);
            return one[0] & 0xff;
        }

        @Override
        public int read(byte[] into, int offset, int length) {
            for (int i = 0; i < length; i++) {
                into[offset + i] = served + i < prefix.length ? prefix[(int) (served + i)] : (byte) 'x';
            }
            served += length;
            return length;
        }
    }

    private static InputStream bytes(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }

    private static String read(InputStream stream) throws IOException {
        return new String(stream.readAllBytes(), StandardCharsets.UTF_8);
    }
}
