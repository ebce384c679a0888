package io.llmfailover.runtime.protocol;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * A forward-only walk over the members of one JSON object held as UTF-8 bytes: a member's value is
 * read only when asked for (a string, a number, or the members of a nested object), and stepped
 * over otherwise. It allocates nothing but the strings and walks asked for, which is why the call
 * path reads the one or two fields it needs out of every request this way, and telemetry the few
 * it needs out of every answer, instead of with a general parser.
 *
 * <p>It checks only what it must to stay in step (quotes, escapes, nesting): input that is not
 * JSON ends the walk early ({@link #next()} returns false), never with an exception.
 */
public final class JsonMembers {

    /** Eight bytes of the input at a time, the first one lowest: a prompt's text is stepped over a word at a time. */
    private static final VarHandle WORDS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGH_BITS = 0x8080808080808080L;
    private static final long QUOTES = ONES * '"';
    private static final long BACKSLASHES = ONES * '\\';

    private final byte[] json;
    /** Just past the last byte the walk may read. */
    private final int limit;
    private int position;
    private int nameStart;
    private int nameEnd;
    private boolean nameEscaped;
    private int valueStart;
    /** Where the current value ends, once a walk into it found out; -1 until then. */
    private int valueEnd;
    /** The walk into the current value, when it is an object one was asked for. */
    private JsonMembers inner;
    /** Just past this object's closing brace, once the walk reached it; -1 until then. */
    private int closedAt = -1;
    private boolean onMember;
    private boolean done;

    private JsonMembers(byte[] json, int objectStart, int limit) {
        this.json = json;
        this.limit = limit;
        position = objectStart + 1;
    }

    /** The members of the object {@code json} holds; none when it holds anything else. */
    public static JsonMembers of(byte[] json) {
        return of(json, 0, json.length);
    }

    /** The members of the object in {@code json[from, to)}, after any byte order mark and whitespace. */
    public static JsonMembers of(byte[] json, int from, int to) {
        int start = skipWhitespace(json, skipByteOrderMark(json, from, to), to);
        JsonMembers members = new JsonMembers(json, start, to);
        members.done = start >= to || json[start] != '{';
        return members;
    }

    /**
     * Each object among the elements of the array in {@code json[from, to)}; nothing when it holds
     * anything else. Elements that are not objects are stepped over.
     */
    public static void forEachObjectIn(byte[] json, int from, int to, Consumer<JsonMembers> action) {
        int start = skipWhitespace(json, skipByteOrderMark(json, from, to), to);
        if (start < to && json[start] == '[') {
            new JsonMembers(json, start, to).walkObjectElements(start, action);
        }
    }

    /** Moves to the next member; false at the object's end or where the input stops being JSON. */
    public boolean next() {
        if (done) {
            return false;
        }
        if (onMember && !stepOverValueAndComma()) {
            return finish();
        }
        position = skipWhitespace(json, position, limit);
        if (position >= limit || json[position] != '"') {
            return closeAt(position);
        }
        nameStart = position + 1;
        nameEnd = endOfString(nameStart);
        if (nameEnd < 0) {
            return finish();
        }
        nameEscaped = indexOf('\\', nameStart, nameEnd) >= 0;
        position = skipWhitespace(json, nameEnd + 1, limit);
        if (position >= limit || json[position] != ':') {
            return finish();
        }
        valueStart = skipWhitespace(json, position + 1, limit);
        valueEnd = -1;
        inner = null;
        onMember = true;
        return valueStart < limit || finish();
    }

    /** Whether the current member's name is {@code name} (an ASCII name, as every field we read is). */
    public boolean nameIs(String name) {
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
    public String stringValue() {
        if (json[valueStart] != '"') {
            return null;
        }
        int end = endOfString(valueStart + 1);
        return end < 0 ? null : decode(valueStart + 1, end);
    }

    /** Where the current value starts. */
    public int valueStart() {
        return valueStart;
    }

    /** Just past the current value, or -1 where it stops being JSON. */
    public int valueEnd() {
        if (valueEnd < 0) {
            valueEnd = endOfValue(valueStart);
        }
        return valueEnd;
    }

    /** Just past this object's closing brace once the walk reached it; -1 before, or where it stops being JSON. */
    public int closedAt() {
        return closedAt;
    }

    /** Whether the current value is the literal {@code true}. */
    public boolean isTrue() {
        return valueStart + 4 <= limit && json[valueStart] == 't' && json[valueStart + 1] == 'r'
                && json[valueStart + 2] == 'u' && json[valueStart + 3] == 'e'
                && (valueStart + 4 == limit || endsLiteral(json[valueStart + 4]));
    }

    /**
     * The current value when it is a number, as a long the way a JSON library's {@code asLong}
     * gives it (a fraction cut off, an integer too large for a long wrapped); null otherwise.
     */
    public Long longValue() {
        byte first = json[valueStart];
        if (first != '-' && (first < '0' || first > '9')) {
            return null;
        }
        int end = endOfValue(valueStart);
        if (end < 0) {
            return null;
        }
        String number = new String(json, valueStart, end - valueStart, StandardCharsets.US_ASCII);
        try {
            if (indexOf('.', valueStart, end) >= 0 || indexOf('e', valueStart, end) >= 0
                    || indexOf('E', valueStart, end) >= 0) {
                return (long) Double.parseDouble(number);
            }
            return number.length() <= 18 ? Long.parseLong(number) : new BigInteger(number).longValue();
        } catch (NumberFormatException notANumber) {
            return null;
        }
    }

    /** The members of the current value when it is an object; null for any other kind of value. */
    public JsonMembers objectValue() {
        if (json[valueStart] != '{') {
            return null;
        }
        inner = new JsonMembers(json, valueStart, limit);
        return inner;
    }

    /**
     * Each object among the elements of the current value when it is an array; false, and nothing
     * done, for any other kind of value.
     */
    public boolean forEachObjectElement(Consumer<JsonMembers> action) {
        if (json[valueStart] != '[') {
            return false;
        }
        valueEnd = walkObjectElements(valueStart, action);
        return true;
    }

    /** Just past the array's closing bracket, or -1 where it stops being JSON. */
    private int walkObjectElements(int arrayStart, Consumer<JsonMembers> action) {
        int i = skipWhitespace(json, arrayStart + 1, limit);
        while (i < limit && json[i] != ']') {
            int end = -1;
            if (json[i] == '{') {
                JsonMembers element = new JsonMembers(json, i, limit);
                action.accept(element);
                end = element.closedAt;
            }
            end = end >= 0 ? end : endOfValue(i);
            if (end < 0) {
                return -1;
            }
            i = skipWhitespace(json, end, limit);
            if (i < limit && json[i] == ',') {
                i = skipWhitespace(json, i + 1, limit);
            } else {
                break;
            }
        }
        return i < limit && json[i] == ']' ? i + 1 : -1;
    }

    private boolean finish() {
        done = true;
        return false;
    }

    /** The value is stepped over once: where a walk into it already found its end, from there. */
    private boolean stepOverValueAndComma() {
        int end = valueEnd >= 0 ? valueEnd : inner != null && inner.closedAt >= 0 ? inner.closedAt : endOfValue(valueStart);
        if (end < 0) {
            return false;
        }
        int after = skipWhitespace(json, end, limit);
        if (after < limit && json[after] == ',') {
            position = after + 1;
            return true;
        }
        closeAt(after); // the closing brace, or something that is not JSON
        return false;
    }

    /** Ends the walk, noting where the object closed when {@code at} is its closing brace. */
    private boolean closeAt(int at) {
        if (at < limit && json[at] == '}') {
            closedAt = at + 1;
        }
        return finish();
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
        while (i < limit && !endsLiteral(json[i])) {
            i++;
        }
        return i == start ? -1 : i;
    }

    private int endOfNested(int start) {
        int depth = 0;
        int i = start;
        while (i < limit) {
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
        int i = quoteOrBackslash(from);
        while (i < limit) {
            if (json[i] == '"') {
                return i;
            }
            i = quoteOrBackslash(i + 2); // past the escaped byte
        }
        return -1;
    }

    /** The index of the first quote or backslash at or after {@code from}, or {@code limit} (or more) when none. */
    private int quoteOrBackslash(int from) {
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

    private static int skipWhitespace(byte[] json, int from, int limit) {
        int i = from;
        while (i < limit && isWhitespace(json[i])) {
            i++;
        }
        return i;
    }

    private static int skipByteOrderMark(byte[] json, int from, int limit) {
        boolean mark = limit - from >= 3 && json[from] == (byte) 0xEF && json[from + 1] == (byte) 0xBB
                && json[from + 2] == (byte) 0xBF;
        return mark ? from + 3 : from;
    }

    private static boolean isWhitespace(byte b) {
        return b == ' ' || b == '\n' || b == '\r' || b == '\t';
    }

    private static boolean endsLiteral(byte b) {
        return b == ',' || b == '}' || b == ']' || isWhitespace(b);
    }
}
