package io.llmfailover.runtime.protocol.translate.model;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A generation request in a protocol-neutral form: what one protocol's request reader produces and
 * another protocol's request writer consumes. Optional settings are null when the app left them out.
 *
 * @param system the system prompts, in order
 * @param reasoningBudget the thinking budget in tokens the app asked for, or null
 * @param streamUsage whether the app asked for a usage report at the end of a stream (OpenAI's
 *     {@code stream_options.include_usage}; always true for protocols that report usage anyway)
 */
public record ChatRequest(
        String model,
        List<String> system,
        List<Turn> turns,
        List<ToolSpec> tools,
        ToolChoice toolChoice,
        Boolean parallelToolCalls,
        OutputFormat format,
        Integer maxTokens,
        Double temperature,
        Double topP,
        Integer topK,
        List<String> stop,
        Long seed,
        Double presencePenalty,
        Double frequencyPenalty,
        String user,
        Integer reasoningBudget,
        boolean stream,
        boolean streamUsage) {

    public ChatRequest {
        system = List.copyOf(system);
        turns = List.copyOf(turns);
        tools = List.copyOf(tools);
        stop = List.copyOf(stop);
    }

    @Override
    public String toString() {
        // Never the prompts: only their shape.
        return "ChatRequest[" + model + ", " + system.size() + " system prompts, " + turns + ", " + tools.size() + " tools"
                + (stream ? ", stream" : "") + "]";
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Whether an assistant turn of the history holds tool calls (which signed-reasoning targets reject without their own signatures). */
    public boolean historyHasToolCalls() {
        return turns.stream().anyMatch(turn -> turn.role() == Turn.Role.ASSISTANT && turn.hasToolCalls());
    }

    /**
     * The names of the tools the history's calls and results use, in order: what a target that
     * rejects tool blocks without declared tools (Anthropic, Bedrock) must declare.
     */
    public Set<String> toolNamesInHistory() {
        Set<String> names = new LinkedHashSet<>();
        turns.forEach(turn -> turn.parts().forEach(part -> {
            if (part instanceof Part.ToolCall call) {
                names.add(call.name());
            } else if (part instanceof Part.ToolResult result && result.name() != null) {
                names.add(result.name());
            }
        }));
        return names;
    }

    public static final class Builder {
        private String model;
        private final List<String> system = new ArrayList<>();
        private final List<Turn> turns = new ArrayList<>();
        private final List<ToolSpec> tools = new ArrayList<>();
        private ToolChoice toolChoice;
        private Boolean parallelToolCalls;
        private OutputFormat format;
        private Integer maxTokens;
        private Double temperature;
        private Double topP;
        private Integer topK;
        private final List<String> stop = new ArrayList<>();
        private Long seed;
        private Double presencePenalty;
        private Double frequencyPenalty;
        private String user;
        private Integer reasoningBudget;
        private boolean stream;
        private boolean streamUsage;

        public Builder model(String value) { model = value; return this; }
        public Builder system(String value) { system.add(value); return this; }
        public Builder turn(Turn value) { turns.add(value); return this; }
        public Builder tool(ToolSpec value) { tools.add(value); return this; }
        public Builder toolChoice(ToolChoice value) { toolChoice = value; return this; }
        public Builder parallelToolCalls(Boolean value) { parallelToolCalls = value; return this; }
        public Builder format(OutputFormat value) { format = value; return this; }
        public Builder maxTokens(Integer value) { maxTokens = value; return this; }
        public Builder temperature(Double value) { temperature = value; return this; }
        public Builder topP(Double value) { topP = value; return this; }
        public Builder topK(Integer value) { topK = value; return this; }
        public Builder stop(String value) { stop.add(value); return this; }
        public Builder seed(Long value) { seed = value; return this; }
        public Builder presencePenalty(Double value) { presencePenalty = value; return this; }
        public Builder frequencyPenalty(Double value) { frequencyPenalty = value; return this; }
        public Builder user(String value) { user = value; return this; }
        public Builder reasoningBudget(Integer value) { reasoningBudget = value; return this; }
        public Builder stream(boolean value) { stream = value; return this; }
        public Builder streamUsage(boolean value) { streamUsage = value; return this; }

        public ChatRequest build() {
            return new ChatRequest(model, system, turns, tools, toolChoice, parallelToolCalls, format, maxTokens,
                    temperature, topP, topK, stop, seed, presencePenalty, frequencyPenalty, user, reasoningBudget,
                    stream, streamUsage);
        }
    }
}
