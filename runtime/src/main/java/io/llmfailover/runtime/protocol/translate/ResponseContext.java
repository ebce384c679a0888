package io.llmfailover.runtime.protocol.translate;

import io.llmfailover.runtime.protocol.translate.model.ChatRequest;

/**
 * What translating an answer back needs to know about the call.
 *
 * @param request the app's request in neutral form, or null when it could not be read again
 */
public record ResponseContext(ChatRequest request, SourceRequest source, BridgeOptions options) {

    /** Whether an OpenAI caller asked for the usage chunk at the end of its stream. */
    public boolean streamUsage() {
        return request != null && request.streamUsage();
    }

    /** Whether a Gemini caller asked for SSE frames ({@code alt=sse}) rather than a streamed JSON array. */
    public boolean geminiSse() {
        String query = source == null ? null : source.query();
        return query != null && query.contains("alt=sse");
    }

    /** Seconds since the epoch, for OpenAI's {@code created}. */
    public long createdSeconds() {
        return options.clock().currentTimeMillis() / 1000;
    }
}
