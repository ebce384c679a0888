package io.llmfailover.runtime.telemetry.otel;

import java.util.concurrent.ThreadLocalRandom;

/**
 * Trace and span ids, drawn on the caller's thread when a call starts so that its attempts can carry
 * them as {@code traceparent} long before the spans themselves are written, off that thread.
 */
final class SpanIds {

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private SpanIds() {}

    /** 16 lower-case hex digits, never all zeros. */
    static String newSpanId() {
        return hex(nonZero());
    }

    /** 32 lower-case hex digits, never all zeros. */
    static String newTraceId() {
        return hex(ThreadLocalRandom.current().nextLong()) + hex(nonZero());
    }

    private static long nonZero() {
        long id;
        do {
            id = ThreadLocalRandom.current().nextLong();
        } while (id == 0);
        return id;
    }

    private static String hex(long value) {
        char[] digits = new char[16];
        for (int i = 15; i >= 0; i--) {
            digits[i] = HEX[(int) (value & 0xF)];
            value >>>= 4;
        }
        return new String(digits);
    }
}
