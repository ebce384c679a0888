package io.llmfailover.runtime.protocol.translate.model;

import java.util.List;

/**
 * A complete (non-streamed) answer.
 *
 * @param content {@link Part.Text} and {@link Part.ToolCall} parts, in the order the model produced them
 * @param stopSequence the stop sequence that ended generation, when the target said which
 */
public record ChatResponse(String id, String model, List<Part> content, StopReason stopReason, String stopSequence, Usage usage) {

    public ChatResponse {
        content = List.copyOf(content);
    }

    public String text() {
        StringBuilder text = new StringBuilder();
        content.forEach(part -> {
            if (part instanceof Part.Text t) {
                text.append(t.text());
            }
        });
        return text.toString();
    }

    public List<Part.ToolCall> toolCalls() {
        return content.stream().filter(Part.ToolCall.class::isInstance).map(Part.ToolCall.class::cast).toList();
    }
}
