package io.llmfailover.runtime.telemetry.otel;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Trace and span ids, drawn on the caller's thread when a call starts so that its attempts can carry
 * them as {@code traceparent} long before the spans themselves are written, off that thread.
 */
final class SpanIds {

    private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.ISO_8859_1);

    private SpanIds() {}

    /** 16 lower-case hex digits, never all zeros. */
    static String newSpanId() {
        byte[] digits = new byte[16];
        hex(nonZero(), digits, 0);
        return new String(digits, StandardCharsets.ISO_8859_1);
    }

    /** 32 lower-case hex digits, never all zeros. */
    static String newTraceId() {
        byte[] digits = new byte[32];
        hex(ThreadLocalRandom.current().nextLong(), digits, 0);
        hex(nonZero(), digits, 16);
        return new String(digits, StandardCharsets.ISO_8859_1);
    }

    private static long nonZero() {
        long id;
        do {
            id = ThreadLocalRandom.current().nextLong();
        } while (id == 0);
        return id;
    }

    /** Writes {@code value} as 16 hex digits at {@code offset}: ids are built in one array, not concatenated. */
    private static void hex(long value, byte[] digits, int offset) {
        for (int i = offset + 15; i >= offset; i--) {
            digits[i] = HEX[(int) (value & 0xF)];
            value >>>= 4;
        }
    }
}
