package io.llmfailover.runtime.protocol.translate;

import java.util.UUID;

/** Message and tool-call ids in the shapes each protocol's clients expect. */
public final class Ids {

    private static final String[] FOREIGN_PREFIXES = {"chatcmpl-", "msg_", "resp_"};

    private Ids() {}

    /**
     * The id with the caller's prefix ({@code chatcmpl-}, {@code msg_}) in place of the target's,
     * so that one answer keeps one recognisable id; a fresh one when the target gave none.
     */
    public static String message(String prefix, String targetId) {
        String core = targetId == null || targetId.isBlank() ? random() : targetId;
        for (String foreign : FOREIGN_PREFIXES) {
            if (core.startsWith(foreign)) {
                core = core.substring(foreign.length());
                break;
            }
        }
        return prefix + safe(core);
    }

    /** An id for a tool call the target did not name (Gemini), stable for one answer and ordinal. */
    public static String toolCall(String responseId, int ordinal) {
        String base = responseId == null || responseId.isBlank() ? random() : safe(responseId);
        return "call_" + base + "_" + ordinal;
    }

    /** The id with every character outside {@code [a-zA-Z0-9_-]} replaced, as Anthropic requires. */
    public static String safe(String id) {
        if (id == null || id.isEmpty()) {
            return "id_" + random();
        }
        StringBuilder out = new StringBuilder(id.length());
        for (char c : id.toCharArray()) {
            boolean allowed = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
            out.append(allowed ? c : '_');
        }
        return out.toString();
    }

    private static String random() {
        return UUID.randomUUID().toString().replace("-", "").substring(0, 24);
    }
}
