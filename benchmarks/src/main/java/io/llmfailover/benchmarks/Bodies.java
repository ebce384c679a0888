package io.llmfailover.benchmarks;

import java.nio.charset.StandardCharsets;

/** Request bodies of a realistic shape: a system prompt, a few turns, and a prompt padded to a size. */
final class Bodies {

    private Bodies() {}

    /**
     * An OpenAI chat completions body of about {@code size} bytes. {@code model} and {@code stream}
     * come last, so reading them skips every message: the worst case for the field reader.
     */
    static byte[] chatCompletion(int size, String model, boolean stream) {
        StringBuilder json = new StringBuilder(size + 256)
                .append("{\"messages\":[")
                .append("{\"role\":\"system\",\"content\":\"You are a terse assistant.\"},")
                .append("{\"role\":\"user\",\"content\":\"What is the capital of France?\"},")
                .append("{\"role\":\"assistant\",\"content\":\"Paris.\"},")
                .append("{\"role\":\"user\",\"content\":\"");
        String filler = "Tell me more about it, in detail. ";
        while (json.length() < size - 120) {
            json.append(filler);
        }
        json.append("\"}],\"temperature\":0.2,\"max_tokens\":256,\"model\":\"").append(model)
                .append("\",\"stream\":").append(stream).append('}');
        return json.toString().getBytes(StandardCharsets.UTF_8);
    }
}
