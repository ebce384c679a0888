package io.llmfailover.e2e.apps;

import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.core.JsonValue;
import com.openai.core.http.Headers;
import com.openai.core.http.HttpResponseFor;
import com.openai.core.http.StreamResponse;
import com.openai.errors.OpenAIServiceException;
import com.openai.models.FunctionDefinition;
import com.openai.models.FunctionParameters;
import com.openai.models.chat.completions.ChatCompletion;
import com.openai.models.chat.completions.ChatCompletionAssistantMessageParam;
import com.openai.models.chat.completions.ChatCompletionChunk;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import com.openai.models.chat.completions.ChatCompletionFunctionTool;
import com.openai.models.chat.completions.ChatCompletionMessage;
import com.openai.models.chat.completions.ChatCompletionMessageFunctionToolCall;
import com.openai.models.chat.completions.ChatCompletionMessageToolCall;
import com.openai.models.chat.completions.ChatCompletionToolMessageParam;
import com.openai.services.blocking.chat.ChatCompletionService;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * An ordinary app on the official OpenAI Java SDK that uses what a cross-protocol failover must
 * carry: streaming, a tool call round trip (the tool's result sent back in a second turn), several
 * choices. It reads raw responses, so it reports the {@code x-llm-failover-provider} header.
 * Args: {@code <base url> <api key> <feature> <call plan>}, the feature one of {@link Feature}.
 */
public final class OpenAiSdkFeaturesApp {

    public enum Feature { BLOCKING, STREAM, TOOLS, TOOLS_STREAM, TWO_CHOICES }

    static final String WEATHER_QUESTION = "What is the weather in Paris?";
    static final String WEATHER_RESULT = "{\"sky\":\"sunny\",\"celsius\":21}";

    private final ChatCompletionService.WithRawResponse chat;
    private final Feature feature;

    private OpenAiSdkFeaturesApp(OpenAIClient client, Feature feature) {
        this.chat = client.chat().completions().withRawResponse();
        this.feature = feature;
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 4) {
            throw new IllegalArgumentException("usage: <base url> <api key> <feature> <call plan>");
        }
        Feature feature = Feature.valueOf(args[2].toUpperCase(Locale.ROOT).replace('-', '_'));
        // The SDK's own retries are off so that each call is exactly one request the agent sees.
        OpenAIClient client = OpenAIOkHttpClient.builder()
                .baseUrl(args[0])
                .apiKey(args[1])
                .maxRetries(0)
                .timeout(Duration.ofSeconds(30))
                .build();
        try {
            OpenAiSdkFeaturesApp app = new OpenAiSdkFeaturesApp(client, feature);
            CallPlan.parse(args[3]).run(app::call);
        } finally {
            client.close();
        }
        Report.done();
    }

    private void call(int number) {
        try {
            switch (feature) {
                case BLOCKING -> complete(number, greeting().build());
                case STREAM -> stream(number, greeting().build());
                case TOOLS -> toolRoundTrip(number, false);
                case TOOLS_STREAM -> toolRoundTrip(number, true);
                case TWO_CHOICES -> complete(number, greeting().n(2).build());
            }
        } catch (OpenAIServiceException e) {
            Report.error(number, e.getClass().getSimpleName(), String.valueOf(e.statusCode()),
                    e.code().orElse(null), String.valueOf(e.body()));
        } catch (RuntimeException e) {
            Report.error(number, e);
        }
    }

    private static ChatCompletionCreateParams.Builder greeting() {
        return ChatCompletionCreateParams.builder()
                .model("gpt-4o")
                .addSystemMessage("Answer briefly.")
                .addUserMessage("Say hello");
    }

    private void complete(int number, ChatCompletionCreateParams params) {
        HttpResponseFor<ChatCompletion> response = chat.create(params);
        ChatCompletion completion = response.parse();
        String content = completion.choices().get(0).message().content().orElse("");
        Report.result(number, response.statusCode(), provider(response.headers()), content);
    }

    private void stream(int number, ChatCompletionCreateParams params) {
        Turn turn = streamTurn(number, params);
        Report.result(number, turn.status(), turn.provider(), turn.content());
    }

    /**
     * Asks a question with a tool; the model calls it; the app sends the tool's result back in a
     * second turn and reports the final answer.
     */
    private void toolRoundTrip(int number, boolean streaming) {
        ChatCompletionCreateParams.Builder question = ChatCompletionCreateParams.builder()
                .model("gpt-4o")
                .addUserMessage(WEATHER_QUESTION)
                .addTool(weatherTool());
        ChatCompletionAssistantMessageParam assistant;
        Map<Long, ChatCompletionMessageFunctionToolCall> calls = new TreeMap<>();
        if (streaming) {
            Turn turn = streamTurn(number, question.build());
            calls.putAll(turn.toolCalls());
            assistant = ChatCompletionAssistantMessageParam.builder()
                    .content(turn.content())
                    .toolCalls(calls.values().stream().map(ChatCompletionMessageToolCall::ofFunction).toList())
                    .build();
            reportToolCalls(number, calls, turn.finishReason());
        } else {
            ChatCompletion first = chat.create(question.build()).parse();
            ChatCompletionMessage message = first.choices().get(0).message();
            List<ChatCompletionMessageToolCall> toolCalls = message.toolCalls().orElse(List.of());
            for (int i = 0; i < toolCalls.size(); i++) {
                calls.put((long) i, toolCalls.get(i).asFunction());
            }
            assistant = message.toParam();
            reportToolCalls(number, calls, first.choices().get(0).finishReason().asString());
        }
        if (calls.isEmpty()) {
            Report.error(number, "NoToolCall", null, null, "the model answered without calling the tool");
            return;
        }
        ChatCompletionCreateParams answer = question
                .addMessage(assistant)
                .addMessage(ChatCompletionToolMessageParam.builder()
                        .toolCallId(calls.values().iterator().next().id())
                        .content(WEATHER_RESULT)
                        .build())
                .build();
        if (streaming) {
            stream(number, answer);
        } else {
            complete(number, answer);
        }
    }

    /** Each tool call with the index it had on the wire (its position, for a blocking answer). */
    private static void reportToolCalls(int number, Map<Long, ChatCompletionMessageFunctionToolCall> calls,
            String finish) {
        calls.forEach((index, call) -> Report.toolCall(number, index.intValue(), call.id(), call.function().name(),
                finish, call.function().arguments()));
    }

    private static ChatCompletionFunctionTool weatherTool() {
        return ChatCompletionFunctionTool.builder()
                .function(FunctionDefinition.builder()
                        .name("get_weather")
                        .description("The current weather in a city")
                        .parameters(FunctionParameters.builder()
                                .putAdditionalProperty("type", JsonValue.from("object"))
                                .putAdditionalProperty("properties", JsonValue.from(Map.of(
                                        "city", Map.of("type", "string", "description", "the city's name"))))
                                .putAdditionalProperty("required", JsonValue.from(List.of("city")))
                                .build())
                        .build())
                .build();
    }

    /** One streamed turn as the app assembles it from the chunks. */
    private record Turn(int status, String provider, String content, String finishReason,
            Map<Long, ChatCompletionMessageFunctionToolCall> toolCalls) {}

    private Turn streamTurn(int number, ChatCompletionCreateParams params) {
        StringBuilder content = new StringBuilder();
        Map<Long, StreamedToolCall> toolCalls = new TreeMap<>();
        String finish = null;
        int index = 0;
        HttpResponseFor<StreamResponse<ChatCompletionChunk>> response = chat.createStreaming(params);
        try (StreamResponse<ChatCompletionChunk> chunks = response.parse()) {
            for (ChatCompletionChunk chunk : (Iterable<ChatCompletionChunk>) chunks.stream()::iterator) {
                for (ChatCompletionChunk.Choice choice : chunk.choices()) {
                    ChatCompletionChunk.Choice.Delta delta = choice.delta();
                    if (delta.content().isPresent() && !delta.content().get().isEmpty()) {
                        Report.chunk(number, index++, delta.content().get());
                        content.append(delta.content().get());
                    }
                    for (ChatCompletionChunk.Choice.Delta.ToolCall part : delta.toolCalls().orElse(List.of())) {
                        toolCalls.computeIfAbsent(part.index(), i -> new StreamedToolCall()).add(part);
                    }
                    if (choice.finishReason().isPresent()) {
                        finish = choice.finishReason().get().asString();
                    }
                }
            }
        }
        Map<Long, ChatCompletionMessageFunctionToolCall> calls = new TreeMap<>();
        toolCalls.forEach((wireIndex, call) -> calls.put(wireIndex, call.build()));
        return new Turn(response.statusCode(), provider(response.headers()), content.toString(), finish, calls);
    }

    /** A tool call put together from its deltas: id and name first, then argument fragments. */
    private static final class StreamedToolCall {
        private String id;
        private String name;
        private final StringBuilder arguments = new StringBuilder();

        void add(ChatCompletionChunk.Choice.Delta.ToolCall part) {
            part.id().ifPresent(value -> id = value);
            part.function().ifPresent(function -> {
                function.name().ifPresent(value -> name = value);
                function.arguments().ifPresent(arguments::append);
            });
        }

        ChatCompletionMessageFunctionToolCall build() {
            return ChatCompletionMessageFunctionToolCall.builder()
                    .id(id)
                    .function(ChatCompletionMessageFunctionToolCall.Function.builder()
                            .name(name)
                            .arguments(arguments.toString())
                            .build())
                    .build();
        }
    }

    private static String provider(Headers headers) {
        List<String> values = headers.values(JdkHttpClientApp.PROVIDER_HEADER);
        return values.isEmpty() ? null : values.get(0);
    }
}
