package io.llmfailover.runtime.protocol;

import static io.llmfailover.runtime.protocol.JsonScanner.endOfString;
import static io.llmfailover.runtime.protocol.JsonScanner.endOfValue;
import static io.llmfailover.runtime.protocol.JsonScanner.endsLiteral;
import static io.llmfailover.runtime.protocol.JsonScanner.indexOf;
import static io.llmfailover.runtime.protocol.JsonScanner.skipByteOrderMark;
import static io.llmfailover.runtime.protocol.JsonScanner.skipWhitespace;

import java.math.BigInteger;
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
        nameEnd = endOfString(json, nameStart, limit);
        if (nameEnd < 0) {
            return finish();
        }
        nameEscaped = indexOf(json, '\\', nameStart, nameEnd) >= 0;
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
            return name.equals(JsonStringDecoder.decode(json, nameStart, nameEnd));
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
        int end = endOfString(json, valueStart + 1, limit);
        return end < 0 ? null : JsonStringDecoder.decode(json, valueStart + 1, end);
    }

    /** Where the current value starts. */
    public int valueStart() {
        return valueStart;
    }

    /** Just past the current value, or -1 where it stops being JSON. */
    public int valueEnd() {
        if (valueEnd < 0) {
            valueEnd = endOfValue(json, valueStart, limit);
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
        int end = endOfValue(json, valueStart, limit);
        if (end < 0) {
            return null;
        }
        String number = new String(json, valueStart, end - valueStart, StandardCharsets.US_ASCII);
        try {
            if (indexOf(json, '.', valueStart, end) >= 0 || indexOf(json, 'e', valueStart, end) >= 0
                    || indexOf(json, 'E', valueStart, end) >= 0) {
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
            end = end >= 0 ? end : endOfValue(json, i, limit);
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
        int end = valueEnd >= 0 ? valueEnd
                : inner != null && inner.closedAt >= 0 ? inner.closedAt : endOfValue(json, valueStart, limit);
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
}
