package io.llmfailover.runtime.protocol.translate.model;

/**
 * Token counts under one rule, whatever protocol reported them:
 *
 * @param input every prompt token, cached or not (OpenAI's {@code prompt_tokens}; for Anthropic
 *     {@code input_tokens + cache_read_input_tokens + cache_creation_input_tokens})
 * @param cacheRead prompt tokens served from a cache (part of {@code input})
 * @param cacheWrite prompt tokens written to a cache (part of {@code input}; Anthropic only)
 * @param output every generated token, reasoning included
 * @param reasoning generated reasoning tokens (part of {@code output})
 */
public record Usage(long input, long cacheRead, long cacheWrite, long output, long reasoning) {

    public static final Usage ZERO = new Usage(0, 0, 0, 0, 0);

    public long total() {
        return input + output;
    }

    /** Input not served from or written to a cache (Anthropic's {@code input_tokens}). */
    public long uncachedInput() {
        return Math.max(0, input - cacheRead - cacheWrite);
    }
}
