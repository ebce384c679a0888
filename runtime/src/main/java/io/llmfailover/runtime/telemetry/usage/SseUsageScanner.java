package io.llmfailover.runtime.telemetry.usage;

import java.nio.charset.StandardCharsets;

/**
 * A server-sent event stream, read line by line as it passes: only the current line is kept (at
 * most {@link #LINE_LIMIT} bytes), and only the lines that can carry facts are parsed: the first
 * data line (model, id) and those mentioning usage or a finish reason.
 */
final class SseUsageScanner implements UsageScanner {

    static final int LINE_LIMIT = 256 * 1024;

    private final ResponseFacts facts = new ResponseFacts();
    private byte[] line = new byte[512];
    private int length;
    private boolean overflowed;
    private boolean sawData;

    SseUsageScanner(boolean captureContent) {
        // Streamed completions are not reassembled, so there is no output content to capture.
    }

    @Override
    public void accept(byte[] bytes, int offset, int count) {
        for (int i = offset; i < offset + count; i++) {
            byte b = bytes[i];
            if (b == '\n') {
                endLine();
            } else if (b != '\r') {
                append(b);
            }
        }
    }

    @Override
    public ResponseFacts finish() {
        endLine();
        return facts;
    }

    private void append(byte b) {
        if (overflowed) {
            return;
        }
        if (length == line.length) {
            if (length >= LINE_LIMIT) {
                overflowed = true;
                return;
            }
            line = java.util.Arrays.copyOf(line, Math.min(LINE_LIMIT, length * 2));
        }
        line[length++] = b;
    }

    private void endLine() {
        if (!overflowed && length > 5 && startsWithData()) {
            readData();
        }
        length = 0;
        overflowed = false;
    }

    private boolean startsWithData() {
        return line[0] == 'd' && line[1] == 'a' && line[2] == 't' && line[3] == 'a' && line[4] == ':';
    }

    private void readData() {
        String payload = new String(line, 5, length - 5, StandardCharsets.ISO_8859_1);
        if (sawData && !mayCarryFacts(payload)) {
            return;
        }
        sawData = true;
        if (payload.trim().equals("[DONE]")) {
            return;
        }
        ResponseFactsReader.read(line, 5, length, facts);
    }

    /** OpenAI repeats {@code "usage":null} and {@code "finish_reason":null} in every chunk: those don't count. */
    private static boolean mayCarryFacts(String payload) {
        return hasValue(payload, "\"usage\"") || hasValue(payload, "\"usageMetadata\"")
                || hasValue(payload, "\"finish_reason\"") || hasValue(payload, "\"finishReason\"")
                || hasValue(payload, "\"stop_reason\"")
                || payload.contains("response.completed") || payload.contains("response.incomplete");
    }

    private static boolean hasValue(String payload, String key) {
        int at = payload.indexOf(key);
        while (at >= 0) {
            int value = at + key.length();
            while (value < payload.length() && (payload.charAt(value) == ':' || payload.charAt(value) == ' ')) {
                value++;
            }
            if (!payload.startsWith("null", value)) {
                return true;
            }
            at = payload.indexOf(key, value);
        }
        return false;
    }
}
