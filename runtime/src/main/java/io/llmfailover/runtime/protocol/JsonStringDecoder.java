package io.llmfailover.runtime.protocol;

import java.nio.charset.StandardCharsets;

/** The text of a JSON string's content held as UTF-8 bytes, its escapes decoded. */
final class JsonStringDecoder {

    private JsonStringDecoder() {}

    /** The text of {@code json[start, end)}, the content between a string's quotes; null when an escape in it is invalid. */
    static String decode(byte[] json, int start, int end) {
        int escape = JsonScanner.indexOf(json, '\\', start, end);
        if (escape < 0) {
            return new String(json, start, end - start, StandardCharsets.UTF_8);
        }
        StringBuilder text = new StringBuilder(end - start);
        int run = start;
        while (escape >= 0) {
            text.append(new String(json, run, escape - run, StandardCharsets.UTF_8));
            run = appendEscape(json, text, escape + 1, end);
            if (run < 0) {
                return null;
            }
            escape = JsonScanner.indexOf(json, '\\', run, end);
        }
        return text.append(new String(json, run, end - run, StandardCharsets.UTF_8)).toString();
    }

    /** Appends the escape whose letter is at {@code at}; returns the index after it, or -1 if invalid. */
    private static int appendEscape(byte[] json, StringBuilder text, int at, int end) {
        if (at >= end) {
            return -1;
        }
        switch (json[at]) {
            case '"', '\\', '/' -> text.append((char) json[at]);
            case 'b' -> text.append('\b');
            case 'f' -> text.append('\f');
            case 'n' -> text.append('\n');
            case 'r' -> text.append('\r');
            case 't' -> text.append('\t');
            case 'u' -> {
                return appendUnicodeEscape(json, text, at, end);
            }
            default -> {
                return -1;
            }
        }
        return at + 1;
    }

    /** Appends the escape of four hex digits whose letter {@code u} is at {@code at}; the index after it, or -1 if invalid. */
    private static int appendUnicodeEscape(byte[] json, StringBuilder text, int at, int end) {
        if (at + 5 > end) {
            return -1;
        }
        int unit = 0;
        for (int i = at + 1; i <= at + 4; i++) {
            int digit = Character.digit(json[i], 16);
            if (digit < 0) {
                return -1;
            }
            unit = unit * 16 + digit;
        }
        text.append((char) unit);
        return at + 5;
    }
}
