package io.llmfailover.runtime.operations.cache;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Whether an event stream's bytes end with the event that ends a whole answer: OpenAI's {@code
 * data: [DONE]}, Anthropic's {@code message_stop}, or a Gemini frame with its {@code finishReason}.
 */
final class StreamEnding {

    /** The last event is short: the end of a stream is all that needs looking at. */
    private static final int TAIL_BYTES = 2048;

    private StreamEnding() {}

    static boolean isComplete(byte[] stream) {
        String tail = new String(Arrays.copyOfRange(stream, Math.max(0, stream.length - TAIL_BYTES), stream.length),
                StandardCharsets.UTF_8).stripTrailing();
        String lastEvent = tail.substring(lastEventStart(tail));
        return lastEvent.contains("data: [DONE]") || lastEvent.contains("data:[DONE]")
                || lastEvent.contains("message_stop") || lastEvent.contains("\"finishReason\"");
    }

    private static int lastEventStart(String tail) {
        int lf = tail.lastIndexOf("\n\n");
        int crlf = tail.lastIndexOf("\r\n\r\n");
        return Math.max(0, Math.max(lf, crlf));
    }
}
