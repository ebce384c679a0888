package io.llmfailover.runtime.protocol.bridge;


import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.JsonMembers;
import io.llmfailover.runtime.protocol.translate.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The top-level {@code model} of a JSON request body replaced, for a fallback to another model on
 * the app's own protocol. It replaces the model's value in place, stepping over the body without a
 * parser, and leaves to the parser only what that walk cannot vouch for.
 */
public final class ModelRewrite {

    private ModelRewrite() {}

    /** The body with its top-level model replaced; the body itself when nothing changes. */
    public static byte[] apply(byte[] body, String currentModel, String newModel) {
        if (newModel == null || newModel.equals(currentModel)) {
            return body;
        }
        byte[] spliced = spliced(body, quoted(newModel));
        return spliced != null ? spliced : reserialized(body, newModel);
    }

    /**
     * The body with the value of each top-level {@code model} member replaced and every other byte
     * as the app wrote it: a failover to another model costs a walk over the body, not a parse and
     * a rewrite of the whole prompt. Null when there is no such member, or when the walk does not end
     * at the object's closing brace with only whitespace after it; the parser then decides.
     */
    private static byte[] spliced(byte[] body, byte[] value) {
        JsonMembers members = JsonMembers.of(body);
        List<int[]> models = new ArrayList<>(1);
        while (members.next()) {
            if (members.nameIs("model")) {
                int end = members.valueEnd();
                if (end < 0) {
                    return null;
                }
                models.add(new int[] {members.valueStart(), end});
            }
        }
        if (models.isEmpty() || !endsAt(body, members.closedAt())) {
            return null;
        }
        return replaced(body, models, value);
    }

    private static byte[] replaced(byte[] body, List<int[]> ranges, byte[] value) {
        int length = body.length;
        for (int[] range : ranges) {
            length += value.length - (range[1] - range[0]);
        }
        byte[] out = new byte[length];
        int from = 0;
        int to = 0;
        for (int[] range : ranges) {
            System.arraycopy(body, from, out, to, range[0] - from);
            to += range[0] - from;
            System.arraycopy(value, 0, out, to, value.length);
            to += value.length;
            from = range[1];
        }
        System.arraycopy(body, from, out, to, body.length - from);
        return out;
    }

    /** Whether the object closed at {@code closedAt} and only whitespace follows it. */
    private static boolean endsAt(byte[] body, int closedAt) {
        if (closedAt < 0) {
            return false;
        }
        for (int i = closedAt; i < body.length; i++) {
            byte b = body[i];
            if (b != ' ' && b != '\t' && b != '\n' && b != '\r') {
                return false;
            }
        }
        return true;
    }

    private static byte[] quoted(String model) {
        byte[] escaped = JsonStringEncoder.getInstance().quoteAsUTF8(model);
        byte[] quoted = new byte[escaped.length + 2];
        quoted[0] = '"';
        System.arraycopy(escaped, 0, quoted, 1, escaped.length);
        quoted[quoted.length - 1] = '"';
        return quoted;
    }

    /** The body parsed and written again with the model put in: for what the walk cannot vouch for. */
    private static byte[] reserialized(byte[] body, String newModel) {
        try {
            JsonNode tree = Json.MAPPER.readTree(body);
            if (!(tree instanceof ObjectNode object)) {
                return body;
            }
            object.put("model", newModel);
            return Json.MAPPER.writeValueAsBytes(object);
        } catch (IOException e) {
            throw new UncheckedIOException("request body is not JSON", e);
        }
    }
}
