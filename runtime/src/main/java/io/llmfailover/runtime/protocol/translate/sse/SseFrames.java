package io.llmfailover.runtime.protocol.translate.sse;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/** Writes server-sent events in the two shapes the SDKs parse. */
public final class SseFrames {

    private SseFrames() {}

    /** {@code data: <json>} and a blank line: what the OpenAI and Gemini parsers read. */
    public static void data(ByteArrayOutputStream out, String json) {
        write(out, "data: " + json + "\n\n");
    }

    /** {@code event: <name>}, {@code data: <json>} and a blank line: what the Anthropic parser needs. */
    public static void event(ByteArrayOutputStream out, String name, String json) {
        write(out, "event: " + name + "\ndata: " + json + "\n\n");
    }

    public static void write(ByteArrayOutputStream out, String text) {
        out.writeBytes(text.getBytes(StandardCharsets.UTF_8));
    }
}
