package io.llmfailover.runtime.telemetry.otel;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmfailover.runtime.protocol.translate.Json;
import io.opentelemetry.api.trace.SpanBuilder;

/**
 * Records prompts on the call span (written on the telemetry thread), only when the operator opted in to content capture. Reads the
 * app's own request body: OpenAI's {@code messages} / {@code input}, Anthropic's {@code messages} and
 * {@code system}, Gemini's {@code contents} and {@code systemInstruction}.
 */
final class ContentCapture {

    /** Beyond this, content is cut: a span is not the place for a whole document. */
    static final int MAX_CHARS = 64 * 1024;

    private ContentCapture() {}

    static void recordInput(SpanBuilder span, byte[] body) {
        try {
            JsonNode request = Json.MAPPER.readTree(body);
            if (request == null || !request.isObject()) {
                return;
            }
            JsonNode messages = first(request, "messages", "input", "contents");
            if (messages != null) {
                span.setAttribute(GenAiAttributes.INPUT_MESSAGES, bounded(messages.toString()));
            }
            JsonNode system = first(request, "system", "systemInstruction", "instructions");
            if (system != null) {
                span.setAttribute(GenAiAttributes.SYSTEM_INSTRUCTIONS, bounded(system.toString()));
            }
        } catch (java.io.IOException | RuntimeException notJson) {
            // A body that is not JSON has no messages to record.
        }
    }

    static String bounded(String content) {
        return content.length() <= MAX_CHARS ? content : content.substring(0, MAX_CHARS);
    }

    private static JsonNode first(JsonNode request, String... fields) {
        for (String field : fields) {
            JsonNode value = request.get(field);
            if (value != null && !value.isNull()) {
                return value;
            }
        }
        return null;
    }
}
