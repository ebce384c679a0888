package io.llmfailover.runtime.protocol;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * One percent-escaped segment of a URL path, for the models Bedrock and Vertex AI name in their
 * paths: every byte of the value's UTF-8 form but the URL's unreserved characters is escaped, so no
 * model a caller names reaches another path.
 */
final class PathSegment {

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private PathSegment() {}

    /**
     * {@code value} escaped; with {@code keepAt}, its {@code @} too stays as it is (a legal path
     * character, in Claude's versioned ids on Vertex AI: {@code claude-sonnet-4@20250514}).
     */
    static String escaped(String value, boolean keepAt) {
        StringBuilder escaped = new StringBuilder(value.length());
        for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xff);
            if (c < 0x80 && (unreserved(c) || (keepAt && c == '@'))) {
                escaped.append(c);
            } else {
                escaped.append('%').append(HEX[(b >> 4) & 0xf]).append(HEX[b & 0xf]);
            }
        }
        return escaped.toString();
    }

    /** The segment with its percent-escapes decoded ({@code +} stays a plus), or null when one is malformed. */
    static String unescaped(String segment) {
        if (segment.indexOf('%') < 0) {
            return segment;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(segment.length());
        for (int i = 0; i < segment.length(); i++) {
            char c = segment.charAt(i);
            if (c != '%') {
                bytes.writeBytes(String.valueOf(c).getBytes(StandardCharsets.UTF_8));
                continue;
            }
            int high = i + 2 < segment.length() ? Character.digit(segment.charAt(i + 1), 16) : -1;
            int low = high < 0 ? -1 : Character.digit(segment.charAt(i + 2), 16);
            if (low < 0) {
                return null;
            }
            bytes.write((high << 4) | low);
            i += 2;
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    /** Whether {@code value} is dots alone, which no escaping keeps from meaning "this directory" or "the one above". */
    static boolean dotsOnly(String value) {
        for (int i = 0; i < value.length(); i++) {
            if (value.charAt(i) != '.') {
                return false;
            }
        }
        return !value.isEmpty();
    }

    static boolean unreserved(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                || c == '.' || c == '-' || c == '_' || c == '~';
    }
}
