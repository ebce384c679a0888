package io.llmfailover.runtime.protocol.translate.eventstream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;

class EventStreamCodecTest {

    private static final byte[] JSON = "{\"contentBlockIndex\":0,\"delta\":{\"text\":\"Bonjour\"}}".getBytes(StandardCharsets.UTF_8);

    @Test
    void everyHeaderTypeSurvivesARoundTrip() throws Exception {
        Map<String, Object> headers = new LinkedHashMap<>();
        headers.put("true", true);
        headers.put("false", false);
        headers.put("byte", (byte) -7);
        headers.put("short", (short) -300);
        headers.put("integer", 70_000);
        headers.put("long", -5_000_000_000L);
        headers.put("bytes", new byte[] {0, 1, (byte) 0xff});
        headers.put("string", "contentBlockDelta é");
        headers.put("timestamp", Instant.ofEpochMilli(1_767_225_600_123L));
        headers.put("uuid", UUID.fromString("123e4567-e89b-12d3-a456-426614174000"));

        EventStreamMessage decoded = decodeOne(EventStreamEncoder.encode(new EventStreamMessage(headers, JSON)));

        assertEquals(headers.keySet(), decoded.headers().keySet());
        headers.forEach((name, value) -> {
            if (value instanceof byte[] bytes) {
                assertArrayEquals(bytes, (byte[]) decoded.headers().get(name), name);
            } else {
                assertEquals(value, decoded.headers().get(name), name);
            }
        });
        assertArrayEquals(JSON, decoded.payload());
    }

    @Test
    void readsTheWireFormatAwsDocuments() throws Exception {
        // Built by hand, as AWS describes it: total length, headers length, prelude CRC, headers, payload, message CRC.
        byte[] header = concat(new byte[] {11}, ":event-type".getBytes(StandardCharsets.US_ASCII), new byte[] {7, 0, 12},
                "messageStart".getBytes(StandardCharsets.US_ASCII));
        byte[] payload = "{\"role\":\"assistant\"}".getBytes(StandardCharsets.UTF_8);
        int total = 12 + header.length + payload.length + 4;
        ByteBuffer message = ByteBuffer.allocate(total).putInt(total).putInt(header.length);
        message.putInt((int) crc(message.array(), 8)).put(header).put(payload);
        message.putInt((int) crc(message.array(), total - 4));

        EventStreamMessage decoded = decodeOne(message.array());

        assertEquals("messageStart", decoded.text(EventStreamMessage.EVENT_TYPE));
        assertArrayEquals(payload, decoded.payload());
        assertArrayEquals(message.array(), EventStreamEncoder.encode(decoded), "the encoder writes the same bytes");
    }

    @Test
    void decodesTheSameWhereverTheBytesAreSplit() throws Exception {
        byte[] stream = concat(EventStreamEncoder.encode(EventStreamMessage.event("messageStart", "{}".getBytes(StandardCharsets.UTF_8))),
                EventStreamEncoder.encode(EventStreamMessage.event("contentBlockDelta", JSON)),
                EventStreamEncoder.encode(EventStreamMessage.exception("throttlingException",
                        "{\"message\":\"slow down\"}".getBytes(StandardCharsets.UTF_8))));
        for (int split = 0; split <= stream.length; split++) {
            for (int second = split; second <= stream.length; second += 7) {
                EventStreamDecoder decoder = new EventStreamDecoder();
                List<EventStreamMessage> messages = new ArrayList<>();
                feed(decoder, stream, 0, split, messages);
                feed(decoder, stream, split, second, messages);
                feed(decoder, stream, second, stream.length, messages);

                assertEquals(3, messages.size(), "split at " + split + " and " + second);
                assertEquals("contentBlockDelta", messages.get(1).text(EventStreamMessage.EVENT_TYPE));
                assertArrayEquals(JSON, messages.get(1).payload());
                assertEquals("throttlingException", messages.get(2).text(EventStreamMessage.EXCEPTION_TYPE));
                assertFalse(decoder.holdsPartialMessage());
            }
        }
    }

    @Test
    void decodesOneByteAtATime() throws Exception {
        byte[] stream = EventStreamEncoder.encode(EventStreamMessage.event("contentBlockDelta", JSON));
        EventStreamDecoder decoder = new EventStreamDecoder();
        for (int i = 0; i < stream.length - 1; i++) {
            decoder.feed(stream, i, 1);
            assertNull(decoder.next(), "after " + (i + 1) + " bytes");
            assertTrue(decoder.holdsPartialMessage());
        }
        decoder.feed(stream, stream.length - 1, 1);
        assertArrayEquals(JSON, decoder.next().payload());
    }

    @Test
    void aPreludeWhoseChecksumDoesNotMatchIsMalformed() {
        byte[] message = EventStreamEncoder.encode(EventStreamMessage.event("messageStart", JSON));
        message[9] ^= 0x01;

        MalformedEventStreamException malformed = assertThrows(MalformedEventStreamException.class, () -> decodeOne(message));
        assertTrue(malformed.getMessage().contains("prelude"), malformed.getMessage());
    }

    @Test
    void aMessageWhoseChecksumDoesNotMatchIsMalformed() {
        byte[] message = EventStreamEncoder.encode(EventStreamMessage.event("messageStart", JSON));
        message[message.length - 10] ^= 0x20;

        MalformedEventStreamException malformed = assertThrows(MalformedEventStreamException.class, () -> decodeOne(message));
        assertTrue(malformed.getMessage().contains("message's checksum"), malformed.getMessage());
    }

    @Test
    void aMessageLargerThanTheBoundIsRefusedFromItsPreludeAlone() {
        byte[] prelude = withPrelude(17 * 1024 * 1024, 0);
        EventStreamDecoder decoder = new EventStreamDecoder();
        decoder.feed(prelude, 0, prelude.length);

        MalformedEventStreamException malformed = assertThrows(MalformedEventStreamException.class, decoder::next);
        assertTrue(malformed.getMessage().contains("more than " + EventStreamDecoder.DEFAULT_MAX_MESSAGE_BYTES), malformed.getMessage());
    }

    @Test
    void impossibleLengthsAreMalformed() {
        for (int[] lengths : new int[][] {{15, 0}, {16, 1}, {100, 90}, {-1, 0}}) {
            byte[] prelude = withPrelude(lengths[0], lengths[1]);
            EventStreamDecoder decoder = new EventStreamDecoder();
            decoder.feed(prelude, 0, prelude.length);

            assertThrows(MalformedEventStreamException.class, decoder::next, lengths[0] + "/" + lengths[1]);
        }
    }

    @Test
    void anUnknownHeaderTypeOrAHeaderPastItsEndIsMalformed() {
        byte[] unknownType = concat(new byte[] {1, 'x', 10});
        byte[] pastTheEnd = concat(new byte[] {1, 'x', 7, 0, 50}, "short".getBytes(StandardCharsets.US_ASCII));
        byte[] emptyName = new byte[] {0, 0};
        for (byte[] headers : List.of(unknownType, pastTheEnd, emptyName)) {
            assertThrows(MalformedEventStreamException.class, () -> decodeOne(rawMessage(headers, JSON)));
        }
    }

    @Test
    void aStreamThatEndsInsideAMessageIsABreakAndAnEmptyOneIsAnEnd() throws Exception {
        byte[] message = EventStreamEncoder.encode(EventStreamMessage.event("messageStart", JSON));
        EventStreamReader cut = new EventStreamReader(new ByteArrayInputStream(message, 0, message.length - 1));
        assertThrows(IOException.class, cut::next);

        assertNull(new EventStreamReader(new ByteArrayInputStream(new byte[0])).next());
    }

    @Test
    void noPayloadInToString() {
        EventStreamMessage message = EventStreamMessage.event("contentBlockDelta", JSON);

        assertFalse(message.toString().contains("Bonjour"), message.toString());
    }

    private static EventStreamMessage decodeOne(byte[] bytes) throws IOException {
        EventStreamReader reader = new EventStreamReader(new ByteArrayInputStream(bytes));
        EventStreamMessage message = reader.next();
        assertNull(reader.next(), "one message only");
        return message;
    }

    private static void feed(EventStreamDecoder decoder, byte[] stream, int from, int to, List<EventStreamMessage> into)
            throws MalformedEventStreamException {
        decoder.feed(stream, from, to - from);
        for (EventStreamMessage message = decoder.next(); message != null; message = decoder.next()) {
            into.add(message);
        }
    }

    /** A message with these raw header bytes and valid checksums. */
    private static byte[] rawMessage(byte[] headers, byte[] payload) {
        int total = 12 + headers.length + payload.length + 4;
        ByteBuffer message = ByteBuffer.allocate(total).putInt(total).putInt(headers.length);
        message.putInt((int) crc(message.array(), 8)).put(headers).put(payload);
        message.putInt((int) crc(message.array(), total - 4));
        return message.array();
    }

    /** A prelude announcing these lengths, with a valid checksum. */
    private static byte[] withPrelude(int total, int headers) {
        ByteBuffer prelude = ByteBuffer.allocate(12).putInt(total).putInt(headers);
        prelude.putInt((int) crc(prelude.array(), 8));
        return prelude.array();
    }

    private static long crc(byte[] bytes, int count) {
        CRC32 crc = new CRC32();
        crc.update(bytes, 0, count);
        return crc.getValue();
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }
}
