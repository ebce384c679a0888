package io.llmfailover.runtime.protocol.translate.eventstream;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import java.util.zip.CRC32;

/** Encodes event-stream messages: prelude, typed headers, payload, checksums. */
public final class EventStreamEncoder {

    private EventStreamEncoder() {}

    public static byte[] encode(EventStreamMessage message) {
        byte[] headers = headers(message.headers());
        int total = EventStreamDecoder.PRELUDE_BYTES + headers.length + message.payload().length
                + EventStreamDecoder.CHECKSUM_BYTES;
        ByteBuffer out = ByteBuffer.allocate(total);
        out.putInt(total).putInt(headers.length);
        out.putInt((int) crc(out.array(), 8));
        out.put(headers).put(message.payload());
        out.putInt((int) crc(out.array(), total - EventStreamDecoder.CHECKSUM_BYTES));
        return out.array();
    }

    public static void write(EventStreamMessage message, ByteArrayOutputStream out) {
        out.writeBytes(encode(message));
    }

    private static byte[] headers(Map<String, Object> headers) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        headers.forEach((name, value) -> {
            byte[] nameBytes = name.getBytes(StandardCharsets.UTF_8);
            if (nameBytes.length == 0 || nameBytes.length > 255) {
                throw new IllegalArgumentException("a header name of " + nameBytes.length + " bytes");
            }
            out.write(nameBytes.length);
            out.writeBytes(nameBytes);
            writeValue(value, out);
        });
        return out.toByteArray();
    }

    private static void writeValue(Object value, ByteArrayOutputStream out) {
        if (value instanceof Boolean flag) {
            out.write(flag ? 0 : 1);
        } else if (value instanceof Byte b) {
            out.write(2);
            out.write(b);
        } else if (value instanceof Short s) {
            out.write(3);
            out.writeBytes(ByteBuffer.allocate(2).putShort(s).array());
        } else if (value instanceof Integer i) {
            out.write(4);
            out.writeBytes(ByteBuffer.allocate(4).putInt(i).array());
        } else if (value instanceof Long l) {
            out.write(5);
            out.writeBytes(ByteBuffer.allocate(8).putLong(l).array());
        } else if (value instanceof byte[] bytes) {
            out.write(6);
            writeSized(bytes, out);
        } else if (value instanceof String text) {
            out.write(7);
            writeSized(text.getBytes(StandardCharsets.UTF_8), out);
        } else if (value instanceof Instant instant) {
            out.write(8);
            out.writeBytes(ByteBuffer.allocate(8).putLong(instant.toEpochMilli()).array());
        } else if (value instanceof UUID uuid) {
            out.write(9);
            out.writeBytes(ByteBuffer.allocate(16).putLong(uuid.getMostSignificantBits())
                    .putLong(uuid.getLeastSignificantBits()).array());
        } else {
            throw new IllegalArgumentException("no event-stream header type for " + value.getClass().getName());
        }
    }

    private static void writeSized(byte[] bytes, ByteArrayOutputStream out) {
        if (bytes.length > 0xffff) {
            throw new IllegalArgumentException("a header value of " + bytes.length + " bytes");
        }
        out.writeBytes(ByteBuffer.allocate(2).putShort((short) bytes.length).array());
        out.writeBytes(bytes);
    }

    private static long crc(byte[] bytes, int count) {
        CRC32 crc = new CRC32();
        crc.update(bytes, 0, count);
        return crc.getValue();
    }
}
