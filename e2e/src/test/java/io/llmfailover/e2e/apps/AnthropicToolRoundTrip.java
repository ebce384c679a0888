package io.llmfailover.e2e.apps;

import com.anthropic.client.AnthropicClient;
import com.anthropic.core.JsonValue;
import com.anthropic.core.http.HttpResponseFor;
import com.anthropic.core.http.StreamResponse;
import com.anthropic.helpers.MessageAccumulator;
import com.anthropic.models.messages.ContentBlockParam;
import com.anthropic.models.messages.Message;
import com.anthropic.models.messages.MessageCreateParams;
import com.anthropic.models.messages.RawMessageStreamEvent;
import com.anthropic.models.messages.StopReason;
import com.anthropic.models.messages.TextBlock;
import com.anthropic.models.messages.Tool;
import com.anthropic.models.messages.ToolResultBlockParam;
import com.anthropic.models.messages.ToolUseBlock;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

/**
 * The Anthropic SDK app's tool round trip ({@link AnthropicSdkApp}, modes {@code tools} and
 * {@code tools-stream}): a question with a {@code get_weather} tool; the model's {@code tool_use}
 * reported ({@code TOOLCALL}); its result sent back as a {@code tool_result} in a second turn, whose
 * answer is reported. Streamed, each turn's events are read with the SDK's {@link MessageAccumulator},
 * the second turn's text deltas reported as they arrive.
 */
final class AnthropicToolRoundTrip {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final AnthropicClient client;

    AnthropicToolRoundTrip(AnthropicClient client) {
        this.client = client;
    }

    void play(int number, boolean streaming) throws JsonProcessingException {
        MessageCreateParams.Builder question = MessageCreateParams.builder()
                .model("claude-sonnet-4-5")
                .maxTokens(300)
                .addUserMessage(OpenAiSdkFeaturesApp.WEATHER_QUESTION)
                .addTool(weatherTool());
        Message first = turn(number, question.build(), streaming, false).message();
        List<ToolUseBlock> calls = first.content().stream().flatMap(block -> block.toolUse().stream()).toList();
        String finish = first.stopReason().map(StopReason::asString).orElse(null);
        for (int index = 0; index < calls.size(); index++) {
            ToolUseBlock call = calls.get(index);
            Report.toolCall(number, index, call.id(), call.name(), finish,
                    JSON.writeValueAsString(call._input().convert(Object.class)));
        }
        if (calls.isEmpty()) {
            Report.error(number, "NoToolCall", null, null, "the model answered without calling the tool");
            return;
        }
        MessageCreateParams answer = question
                .addMessage(first)
                .addUserMessageOfContentBlockParams(List.of(ContentBlockParam.ofToolResult(ToolResultBlockParam.builder()
                        .toolUseId(calls.get(0).id())
                        .content(OpenAiSdkFeaturesApp.WEATHER_RESULT)
                        .build())))
                .build();
        Turn last = turn(number, answer, streaming, true);
        String text = last.message().content().stream()
                .flatMap(block -> block.text().stream())
                .map(TextBlock::text)
                .collect(Collectors.joining());
        Report.result(number, last.status(), last.provider(), text);
    }

    /** One turn's answer: the message, its status and the provider header. */
    private record Turn(Message message, int status, String provider) {}

    private Turn turn(int number, MessageCreateParams params, boolean streaming, boolean reportDeltas) {
        if (!streaming) {
            HttpResponseFor<Message> response = client.messages().withRawResponse().create(params);
            return new Turn(response.parse(), response.statusCode(), AnthropicSdkApp.provider(response.headers()));
        }
        MessageAccumulator accumulator = MessageAccumulator.create();
        AtomicInteger index = new AtomicInteger();
        HttpResponseFor<StreamResponse<RawMessageStreamEvent>> response =
                client.messages().withRawResponse().createStreaming(params);
        try (StreamResponse<RawMessageStreamEvent> events = response.parse()) {
            events.stream().map(accumulator::accumulate)
                    .flatMap(event -> event.contentBlockDelta().stream())
                    .flatMap(delta -> delta.delta().text().stream())
                    .filter(delta -> reportDeltas)
                    .forEach(delta -> Report.chunk(number, index.getAndIncrement(), delta.text()));
        }
        return new Turn(accumulator.message(), response.statusCode(), AnthropicSdkApp.provider(response.headers()));
    }

    private static Tool weatherTool() {
        return Tool.builder()
                .name("get_weather")
                .description("The current weather in a city")
                .inputSchema(Tool.InputSchema.builder()
                        .properties(JsonValue.from(Map.of("city", Map.of("type", "string"))))
                        .addRequired("city")
                        .build())
                .build();
    }
}
