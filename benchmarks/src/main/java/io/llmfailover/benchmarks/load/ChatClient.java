package io.llmfailover.benchmarks.load;

import java.io.IOException;

/**
 * How the load app calls an OpenAI-compatible endpoint: one implementation per HTTP client it
 * drives, each used the way an ordinary app uses that client (it knows nothing of the agent).
 */
interface ChatClient {

    /** A chat completion request, as any app sends it. */
    String REQUEST_BODY = "{\"model\":\"gpt-4o\",\"messages\":[{\"role\":\"system\",\"content\":\"You are terse.\"},"
            + "{\"role\":\"user\",\"content\":\"What is the capital of France? Answer in one word.\"}],"
            + "\"temperature\":0.2,\"max_tokens\":64,\"stream\":%s}";

    /**
     * The header that carries a call's id, so the stubs can pair the attempts of one call: one the
     * agent forwards to any fallback (it drops the app's unknown headers there, and an
     * Idempotency-Key, which names the app's one request, goes to the app's own provider only).
     */
    String CALL_HEADER = "User-Agent";

    /** The outcome of one call: its status, and for a stream when its first content line arrived. */
    record Answer(int status, long firstTokenAt) {
        static final long NO_TOKEN = Long.MIN_VALUE;
    }

    /** Sends one call and reads its answer whole (for a stream, line by line, noting the first content). */
    Answer call(String url, String id, boolean stream) throws IOException, InterruptedException;

    static String requestBody(boolean stream) {
        return String.format(REQUEST_BODY, stream);
    }

    /** Whether an SSE line carries a content token. */
    static boolean hasContent(String line) {
        int content = line.indexOf("\"content\":\"");
        return line.startsWith("data:") && content >= 0 && line.charAt(content + 11) != '"';
    }
}
