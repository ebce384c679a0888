package io.llmfailover.runtime.protocol;

import java.nio.charset.StandardCharsets;

/**
 * A forward-only walk over the members of a JSON object held as UTF-8 bytes, looking only at the
 * top level: every nested value is stepped over without being read. It allocates nothing but the
 * strings asked for, which is why the call path uses it instead of a general parser, for the one or
 * two fields it needs out of every request.
 *
 * <p>It checks only what it must to stay in step (quotes, escapes, nesting): input that is not
 * JSON ends the walk early ({@link #next()} returns false), never with an exception.
 */
final class TopLevelMembers {

    private final byte[] json;
    private int position;
    private int nameStart;
    private int nameEnd;
    private boolean nameEscaped;
    private int valueStart;
    private boolean onMember;
    private boolean done;

    TopLevelMembers(byte[] json) {
        this.json = json;
        position = skipByteOrderMark(0);
        position = skipWhitespace(position);
        if (position < json.length && json[position] == '{') {
            position++;
        } else {
            done = true;
        }
    }

    /** Moves to the next member; false at the object's end or where the input stops being JSON. */
    boolean next() {
        if (done) {
            return false;
        }
        if (onMember && !stepOverValueAndComma()) {
            return finish();
        }
        position = skipWhitespace(position);
        if (position >= json.length || json[position] != '"') {
            return finish();
        }
        nameStart = position + 1;
        nameEnd = endOfString(nameStart);
        if (nameEnd < 0) {
            return finish();
        }
        nameEscaped = indexOf('\\', nameStart, nameEnd) >= 0;
        position = skipWhitespace(nameEnd + 1);
        if (position >= json.length || json[position] != ':') {
            return finish();
        }
        valueStart = skipWhitespace(position + 1);
        onMember = true;
        return valueStart < json.length || finish();
    }

    /** Whether the current member's name is {@code name} (an ASCII name, as every field we read is). */
    boolean nameIs(String name) {
        if (nameEscaped) {
            return name.equals(decode(nameStart, nameEnd));
        }
        if (nameEnd - nameStart != name.length()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            if (json[nameStart + i] != name.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** The current value when it is a string; null for any other kind of value. */
    String stringValue() {
        if (json[valueStart] != '"') {
            return null;
        }
        int end = endOfString(valueStart + 1);
        return end < 0 ? null : decode(valueStart + 1, end);
    }

    /** Whether the current value is the literal {@code true}. */
    boolean isTrue() {
        return valueStart + 4 <= json.length && json[valueStart] == 't' && json[valueStart + 1] == 'r'
                && json[valueStart + 2] == 'u' && json[valueStart + 3] == 'e'
                && (valueStart + 4 == json.length || endsLiteral(json[valueStart + 4]));
    }

    private boolean finish() {
        done = true;
        return false;
    }

    private boolean stepOverValueAndComma() {
        int end = endOfValue(valueStart);
        if (end < 0) {
            return false;
        }
        int after = skipWhitespace(end);
        if (after < json.length && json[after] == ',') {
            position = after + 1;
            return true;
        }
        return false; // the closing brace, or something that is not JSON
    }

    /** The index just past the value starting at {@code start}, or -1 when it does not end. */
    private int endOfValue(int start) {
        byte first = json[start];
        if (first == '"') {
            int end = endOfString(start + 1);
            return end < 0 ? -1 : end + 1;
        }
        if (first == '{' || first == '[') {
            return endOfNested(start);
        }
        int i = start;
        while (i < json.length && !endsLiteral(json[i])) {
            i++;
        }
        return i == start ? -1 : i;
    }

    private int endOfNested(int start) {
        int depth = 0;
        int i = start;
        while (i < json.length) {
            byte b = json[i];
            if (b == '"') {
                i = endOfString(i + 1);
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
    private int endOfString(int from) {
        for (int i = from; i < json.length; i++) {
            byte b = json[i];
            if (b == '\\') {
                i++;
            } else if (b == '"') {
                return i;
            }
        }
        return -1;
    }

    private String decode(int start, int end) {
        int escape = indexOf('\\', start, end);
        if (escape < 0) {
            return new String(json, start, end - start, StandardCharsets.UTF_8);
        }
        StringBuilder text = new StringBuilder(end - start);
        int run = start;
        while (escape >= 0) {
            text.append(new String(json, run, escape - run, StandardCharsets.UTF_8));
            run = appendEscape(text, escape + 1, end);
            if (run < 0) {
                return null;
            }
            escape = indexOf('\\', run, end);
        }
        return text.append(new String(json, run, end - run, StandardCharsets.UTF_8)).toString();
    }

    /** Appends the escape whose letter is at {@code at}; returns the index after it, or -1 if invalid. */
    private int appendEscape(StringBuilder text, int at, int end) {
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
            default -> {
                return -1;
            }
        }
        return at + 1;
    }

    private int indexOf(char wanted, int from, int to) {
        for (int i = from; i < to; i++) {
            if (json[i] == wanted) {
                return i;
            }
        }
        return -1;
    }

    private int skipWhitespace(int from) {
        int i = from;
        while (i < json.length && isWhitespace(json[i])) {
            i++;
        }
        return i;
    }

    private int skipByteOrderMark(int from) {
        boolean mark = json.length >= 3 && json[0] == (byte) 0xEF && json[1] == (byte) 0xBB && json[2] == (byte) 0xBF;
        return mark ? from + 3 : from;
    }

    private static boolean isWhitespace(byte b) {
        return b == ' ' || b == '\n' || b == '\r' || b == '\t';
    }

    private static boolean endsLiteral(byte b) {
        return b == ',' || b == '}' || b == ']' || isWhitespace(b);
    }
}
