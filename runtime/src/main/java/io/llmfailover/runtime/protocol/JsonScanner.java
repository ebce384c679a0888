package io.llmfailover.runtime.protocol;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Where each piece of JSON text held as UTF-8 bytes ends, found without parsing it: a string, a
 * literal, a nested object or array, a run of whitespace. It checks only what it must to stay in
 * step (quotes, escapes, nesting); where the input stops being JSON it answers -1, never throws.
 * Every method reads {@code json} up to {@code limit}, exclusive.
 */
final class JsonScanner {

    /** Eight bytes of the input at a time, the first one lowest: a prompt's text is stepped over a word at a time. */
    private static final VarHandle WORDS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGH_BITS = 0x8080808080808080L;
    private static final long QUOTES = ONES * '"';
    private static final long BACKSLASHES = ONES * '\\';

    private JsonScanner() {}

    /** The index just past the value starting at {@code start}, or -1 when it does not end. */
    static int endOfValue(byte[] json, int start, int limit) {
        byte first = json[start];
        if (first == '"') {
            int end = endOfString(json, start + 1, limit);
            return end < 0 ? -1 : end + 1;
        }
        if (first == '{' || first == '[') {
            return endOfNested(json, start, limit);
        }
        int i = start;
        while (i < limit && !endsLiteral(json[i])) {
            i++;
        }
        return i == start ? -1 : i;
    }

    private static int endOfNested(byte[] json, int start, int limit) {
        int depth = 0;
        int i = start;
        while (i < limit) {
            byte b = json[i];
            if (b == '"') {
                i = endOfString(json, i + 1, limit);
                if (i < 0) {
                    return -1;
                }
            } else if (b == '{' || b == '[') {
                depth++;
            } else if ((b == '}' || b == ']') && --depth == 0) {
                return i + 1;
            }
            i++;
        }
        return -1;
    }

    /** The index of the quote closing a string whose content starts at {@code from}, or -1. */
    static int endOfString(byte[] json, int from, int limit) {
        int i = quoteOrBackslash(json, from, limit);
        while (i < limit) {
            if (json[i] == '"') {
                return i;
            }
            i = quoteOrBackslash(json, i + 2, limit); // past the escaped byte
        }
        return -1;
    }

    /** The index of the first quote or backslash at or after {@code from}, or {@code limit} (or more) when none. */
    private static int quoteOrBackslash(byte[] json, int from, int limit) {
        int i = from;
        for (; i <= limit - Long.BYTES; i += Long.BYTES) {
            long word = (long) WORDS.get(json, i);
            long found = zeroBytes(word ^ QUOTES) | zeroBytes(word ^ BACKSLASHES);
            if (found != 0) {
                return i + Long.numberOfTrailingZeros(found) / Byte.SIZE;
            }
        }
        for (; i < limit; i++) {
            if (json[i] == '"' || json[i] == '\\') {
                return i;
            }
        }
        return i;
    }

    /**
     * The high bit of each zero byte of {@code word} set, and maybe of bytes after it (a borrow can
     * carry), so its lowest set bit always marks the first zero byte: nothing set when there is none.
     */
    private static long zeroBytes(long word) {
        return (word - ONES) & ~word & HIGH_BITS;
    }

    /** The index of the first {@code wanted} in {@code json[from, to)}, or -1. */
    static int indexOf(byte[] json, char wanted, int from, int to) {
        for (int i = from; i < to; i++) {
            if (json[i] == wanted) {
                return i;
            }
        }
        return -1;
    }

    static int skipWhitespace(byte[] json, int from, int limit) {
        int i = from;
        while (i < limit && isWhitespace(json[i])) {
            i++;
        }
        return i;
    }

    static int skipByteOrderMark(byte[] json, int from, int limit) {
        boolean mark = limit - from >= 3 && json[from] == (byte) 0xEF && json[from + 1] == (byte) 0xBB
                && json[from + 2] == (byte) 0xBF;
        return mark ? from + 3 : from;
    }

    /** Whether {@code b} ends a literal (a number, true, false, null). */
    static boolean endsLiteral(byte b) {
        return b == ',' || b == '}' || b == ']' || isWhitespace(b);
    }

    private static boolean isWhitespace(byte b) {
        return b == ' ' || b == '\n' || b == '\r' || b == '\t';
    }
}
