package io.llmfailover.runtime.protocol.translate.model;

import java.util.ArrayList;
import java.util.List;

/** One message of the conversation: system prompts are kept apart, in {@link ChatRequest#system()}. */
public record Turn(Role role, List<Part> parts) {

    public enum Role { USER, ASSISTANT }

    public Turn {
        parts = List.copyOf(parts);
    }

    /** The same turn without its blank text parts, which Anthropic and Bedrock reject. */
    public Turn withoutBlankText() {
        return new Turn(role, withoutBlankText(parts));
    }

    /** Parts without the blank text ones. */
    public static List<Part> withoutBlankText(List<Part> parts) {
        return parts.stream().filter(part -> !(part instanceof Part.Text text) || !text.text().isBlank()).toList();
    }

    /** The parts with tool results first, as Anthropic and Bedrock want them in a user turn. */
    public List<Part> toolResultsFirst() {
        List<Part> ordered = new ArrayList<>();
        parts.stream().filter(Part.ToolResult.class::isInstance).forEach(ordered::add);
        parts.stream().filter(part -> !(part instanceof Part.ToolResult)).forEach(ordered::add);
        return ordered;
    }

    public boolean hasToolCalls() {
        return parts.stream().anyMatch(Part.ToolCall.class::isInstance);
    }

    /** Consecutive turns of the same role merged into one, for protocols that need alternation. */
    public static List<Turn> alternating(List<Turn> turns) {
        List<Turn> merged = new ArrayList<>();
        for (Turn turn : turns) {
            if (turn.parts.isEmpty()) {
                continue;
            }
            Turn last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
            if (last != null && last.role == turn.role) {
                List<Part> parts = new ArrayList<>(last.parts);
                parts.addAll(turn.parts);
                merged.set(merged.size() - 1, new Turn(turn.role, parts));
            } else {
                merged.add(turn);
            }
        }
        return merged;
    }
}
