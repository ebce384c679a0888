package io.llmfailover.runtime.protocol.translate.eventstream;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.zip.CRC32;

/**
 * Decodes event-stream messages from bytes fed as they arrive, in any split: each message is its
 * total length, its headers' length and a checksum of those two (the prelude), the headers, the
 * payload and a checksum of everything before it. Memory is bounded by the largest message
 * allowed: a prelude that announces more, or a checksum that does not match, is a malformed stream.
 */
public final class EventStreamDecoder {

    /** A message larger than this is a broken stream, not a completion. */
    public static final int DEFAULT_MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

    static final int PRELUDE_BYTES = 12;
    static final int CHECKSUM_BYTES = 4;

    private final int maxMessageBytes;
    private byte[] buffer = new byte[4096];
    /** Bytes not decoded yet are {@code buffer[start, end)}. */
    private int start;
    private int end;

    public EventStreamDecoder() {
        this(DEFAULT_MAX_MESSAGE_BYTES);
    }

    public EventStreamDecoder(int maxMessageBytes) {
        this.maxMessageBytes = maxMessageBytes;
    }

    /** Adds bytes as they arrived. */
    public void feed(byte[] bytes, int offset, int count) {
        if (end + count > buffer.length) {
            System.arraycopy(buffer, start, buffer, 0, end - start);
            end -= start;
            start = 0;
            if (end + count > buffer.length) {
                buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, end + count));
            }
        }
        System.arraycopy(bytes, offset, buffer, end, count);
        end += count;
    }

    /** Whether bytes of an unfinished message are held: a stream that ends here was cut short. */
    public boolean holdsPartialMessage() {
        return end > start;
    }

    /** The next complete message, or null until more bytes arrive. */
    public EventStreamMessage next() throws MalformedEventStreamException {
        if (end - start < PRELUDE_BYTES) {
            return null;
        }
        long total = uint32(start);
        long headersLength = uint32(start + 4);
        if (crc(start, 8) != uint32(start + 8)) {
            throw new MalformedEventStreamException("the prelude's checksum does not match");
        }
        if (total > maxMessageBytes) {
            throw new MalformedEventStreamException("a message of " + total + " bytes, more than " + maxMessageBytes);
        }
        if (total < PRELUDE_BYTES + CHECKSUM_BYTES || headersLength > total - PRELUDE_BYTES - CHECKSUM_BYTES) {
            throw new MalformedEventStreamException("a message of " + total + " bytes cannot hold " + headersLength
                    + " bytes of headers");
        }
        if (end - start < total) {
            return null;
        }
        int messageEnd = start + (int) total;
        if (crc(start, (int) total - CHECKSUM_BYTES) != uint32(messageEnd - CHECKSUM_BYTES)) {
            throw new MalformedEventStreamException("the message's checksum does not match");
        }
        int headersEnd = start + PRELUDE_BYTES + (int) headersLength;
        Map<String, Object> headers = headers(start + PRELUDE_BYTES, headersEnd);
        byte[] payload = Arrays.copyOfRange(buffer, headersEnd, messageEnd - CHECKSUM_BYTES);
        start = messageEnd;
        if (start == end) {
            start = 0;
            end = 0;
        }
        return new EventStreamMessage(headers, payload);
    }

    private Map<String, Object> headers(int from, int to) throws MalformedEventStreamException {
        Map<String, Object> headers = new LinkedHashMap<>();
        HeaderCursor cursor = new HeaderCursor(from, to);
        while (cursor.position < to) {
            int nameLength = cursor.unsignedByte();
            if (nameLength == 0) {
                throw new MalformedEventStreamException("a header with an empty name");
            }
            String name = new String(cursor.bytes(nameLength), StandardCharsets.UTF_8);
            headers.put(name, cursor.value());
        }
        return headers;
    }

    /** Reads typed header values within {@code [position, limit)}, never past it. */
    private final class HeaderCursor {
        private int position;
        private final int limit;

        HeaderCursor(int position, int limit) {
            this.position = position;
            this.limit = limit;
        }

        Object value() throws MalformedEventStreamException {
            int type = unsignedByte();
            return switch (type) {
                case 0 -> Boolean.TRUE;
                case 1 -> Boolean.FALSE;
                case 2 -> (byte) bits(1);
                case 3 -> (short) bits(2);
                case 4 -> (int) bits(4);
                case 5 -> bits(8);
                case 6 -> bytes((int) bits(2));
                case 7 -> new String(bytes((int) bits(2)), StandardCharsets.UTF_8);
                case 8 -> Instant.ofEpochMilli(bits(8));
                case 9 -> new UUID(bits(8), bits(8));
                default -> throw new MalformedEventStreamException("a header of unknown type " + type);
            };
        }

        int unsignedByte() throws MalformedEventStreamException {
            return (int) bits(1);
        }

        /** The next {@code count} bytes as a big-endian number. */
        long bits(int count) throws MalformedEventStreamException {
            need(count);
            long value = 0;
            for (int i = 0; i < count; i++) {
                value = (value << 8) | (buffer[position++] & 0xff);
            }
            return value;
        }

        byte[] bytes(int count) throws MalformedEventStreamException {
            need(count);
            byte[] bytes = Arrays.copyOfRange(buffer, position, position + count);
            position += count;
            return bytes;
        }

        private void need(int count) throws MalformedEventStreamException {
            if (count > limit - position) {
                throw new MalformedEventStreamException("a header runs past the headers' end");
            }
        }
    }

    private long uint32(int at) {
        return ((buffer[at] & 0xffL) << 24) | ((buffer[at + 1] & 0xffL) << 16) | ((buffer[at + 2] & 0xffL) << 8)
                | (buffer[at + 3] & 0xffL);
    }

    private long crc(int from, int count) {
        CRC32 crc = new CRC32();
        crc.update(buffer, from, count);
        return crc.getValue();
    }

    /**
     * Just past the last whole message in {@code bytes[from, to)}, where {@code from} starts a
     * message, read from the messages' length prefixes alone; {@code from} when none is whole. A
     * length no message can have ends the walk there: what follows is one unfinished message.
     */
    public static int lastMessageEnd(byte[] bytes, int from, int to) {
        int end = from;
        while (to - end >= 4) {
            long total = ((bytes[end] & 0xffL) << 24) | ((bytes[end + 1] & 0xff) << 16) | ((bytes[end + 2] & 0xff) << 8)
                    | (bytes[end + 3] & 0xff);
            if (total < PRELUDE_BYTES + CHECKSUM_BYTES || total > to - end) {
                return end;
            }
            end += (int) total;
        }
        return end;
    }
}
