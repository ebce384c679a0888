package io.llmfailover.e2e.apps;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import software.amazon.awssdk.core.document.Document;
import software.amazon.awssdk.http.SdkHttpResponse;
import software.amazon.awssdk.services.bedrockruntime.BedrockRuntimeAsyncClient;
import software.amazon.awssdk.services.bedrockruntime.BedrockRuntimeClient;
import software.amazon.awssdk.services.bedrockruntime.model.ContentBlock;
import software.amazon.awssdk.services.bedrockruntime.model.ConversationRole;
import software.amazon.awssdk.services.bedrockruntime.model.ConverseRequest;
import software.amazon.awssdk.services.bedrockruntime.model.ConverseResponse;
import software.amazon.awssdk.services.bedrockruntime.model.ConverseStreamRequest;
import software.amazon.awssdk.services.bedrockruntime.model.ConverseStreamResponseHandler;
import software.amazon.awssdk.services.bedrockruntime.model.Message;
import software.amazon.awssdk.services.bedrockruntime.model.Tool;
import software.amazon.awssdk.services.bedrockruntime.model.ToolConfiguration;
import software.amazon.awssdk.services.bedrockruntime.model.ToolInputSchema;
import software.amazon.awssdk.services.bedrockruntime.model.ToolResultBlock;
import software.amazon.awssdk.services.bedrockruntime.model.ToolResultContentBlock;
import software.amazon.awssdk.services.bedrockruntime.model.ToolSpecification;
import software.amazon.awssdk.services.bedrockruntime.model.ToolUseBlock;

/**
 * The AWS SDK app's tool round trip ({@link BedrockRuntimeApp}, modes {@code tools} and
 * {@code tools-stream}): a Converse question with a {@code get_weather} tool spec; the model's
 * {@code toolUse} reported ({@code TOOLCALL}, its stop reason Bedrock's own); its result sent back
 * as a {@code toolResult} in a second turn, whose answer is reported. Streamed
 * ({@code converseStream}, async only), the tool use is put together from its start event and its
 * input's deltas, and the second turn's text deltas are reported as they arrive.
 */
final class BedrockToolRoundTrip {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final BedrockRuntimeClient sync;
    private final BedrockRuntimeAsyncClient async;

    BedrockToolRoundTrip(BedrockRuntimeClient sync, BedrockRuntimeAsyncClient async) {
        this.sync = sync;
        this.async = async;
    }

    void play(int number, boolean streaming) throws JsonProcessingException {
        List<Message> messages = new ArrayList<>(List.of(Message.builder().role(ConversationRole.USER)
                .content(ContentBlock.fromText(OpenAiSdkFeaturesApp.WEATHER_QUESTION)).build()));
        Turn first = streaming ? streamedTurn(number, messages, false) : turn(messages);
        List<ToolUseBlock> calls = first.content().stream().map(ContentBlock::toolUse).filter(use -> use != null).toList();
        for (int index = 0; index < calls.size(); index++) {
            ToolUseBlock call = calls.get(index);
            Report.toolCall(number, index, call.toolUseId(), call.name(), first.stopReason(),
                    JSON.writeValueAsString(call.input().unwrap()));
        }
        if (calls.isEmpty()) {
            Report.error(number, "NoToolCall", null, null, "the model answered without calling the tool");
            return;
        }
        messages.add(Message.builder().role(ConversationRole.ASSISTANT).content(first.content()).build());
        messages.add(Message.builder().role(ConversationRole.USER).content(ContentBlock.fromToolResult(ToolResultBlock.builder()
                .toolUseId(calls.get(0).toolUseId())
                .content(ToolResultContentBlock.fromText(OpenAiSdkFeaturesApp.WEATHER_RESULT))
                .build())).build());
        Turn last = streaming ? streamedTurn(number, messages, true) : turn(messages);
        StringBuilder text = new StringBuilder();
        last.content().stream().map(ContentBlock::text).filter(part -> part != null).forEach(text::append);
        Report.result(number, last.head().statusCode(), BedrockRuntimeApp.provider(last.head()), text.toString());
    }

    /** One turn's answer: the assistant's content blocks, why it stopped, and the response's head. */
    private record Turn(List<ContentBlock> content, String stopReason, SdkHttpResponse head) {}

    private Turn turn(List<Message> messages) {
        ConverseResponse response = sync.converse(ConverseRequest.builder()
                .modelId(BedrockRuntimeApp.MODEL_ID).messages(messages).toolConfig(weatherTool()).build());
        return new Turn(response.output().message().content(), response.stopReasonAsString(), response.sdkHttpResponse());
    }

    private Turn streamedTurn(int number, List<Message> messages, boolean reportDeltas) {
        StringBuilder text = new StringBuilder();
        Map<String, String> toolNames = new LinkedHashMap<>();
        Map<String, StringBuilder> toolInputs = new LinkedHashMap<>();
        AtomicReference<String> currentTool = new AtomicReference<>();
        AtomicReference<String> stopReason = new AtomicReference<>();
        AtomicReference<SdkHttpResponse> head = new AtomicReference<>();
        AtomicInteger index = new AtomicInteger();
        ConverseStreamResponseHandler handler = ConverseStreamResponseHandler.builder()
                .onResponse(response -> head.set(response.sdkHttpResponse()))
                .subscriber(ConverseStreamResponseHandler.Visitor.builder()
                        .onContentBlockStart(event -> {
                            if (event.start().toolUse() != null) {
                                currentTool.set(event.start().toolUse().toolUseId());
                                toolNames.put(currentTool.get(), event.start().toolUse().name());
                                toolInputs.put(currentTool.get(), new StringBuilder());
                            }
                        })
                        .onContentBlockDelta(event -> {
                            if (event.delta().toolUse() != null && currentTool.get() != null) {
                                toolInputs.get(currentTool.get()).append(event.delta().toolUse().input());
                            } else if (event.delta().text() != null) {
                                text.append(event.delta().text());
                                if (reportDeltas) {
                                    Report.chunk(number, index.getAndIncrement(), event.delta().text());
                                }
                            }
                        })
                        .onMessageStop(event -> stopReason.set(event.stopReasonAsString()))
                        .build())
                .build();
        async.converseStream(ConverseStreamRequest.builder().modelId(BedrockRuntimeApp.MODEL_ID).messages(messages)
                .toolConfig(weatherTool()).build(), handler).join();
        List<ContentBlock> content = new ArrayList<>();
        if (text.length() > 0) {
            content.add(ContentBlock.fromText(text.toString()));
        }
        toolNames.forEach((id, name) -> content.add(ContentBlock.fromToolUse(ToolUseBlock.builder()
                .toolUseId(id).name(name).input(document(toolInputs.get(id).toString())).build())));
        return new Turn(content, stopReason.get(), head.get());
    }

    private static ToolConfiguration weatherTool() {
        Document city = Document.mapBuilder().putString("type", "string").build();
        Document schema = Document.mapBuilder()
                .putString("type", "object")
                .putDocument("properties", Document.mapBuilder().putDocument("city", city).build())
                .putList("required", List.of(Document.fromString("city")))
                .build();
        return ToolConfiguration.builder().tools(Tool.fromToolSpec(ToolSpecification.builder()
                .name("get_weather")
                .description("The current weather in a city")
                .inputSchema(ToolInputSchema.fromJson(schema))
                .build())).build();
    }

    /** A tool's streamed input, JSON text, as the SDK's document. */
    private static Document document(String json) {
        try {
            return document(JSON.readTree(json.isEmpty() ? "{}" : json));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tool input that is not JSON: " + json, e);
        }
    }

    private static Document document(JsonNode node) {
        if (node.isObject()) {
            Map<String, Document> members = new LinkedHashMap<>();
            node.fields().forEachRemaining(member -> members.put(member.getKey(), document(member.getValue())));
            return Document.fromMap(members);
        }
        if (node.isArray()) {
            List<Document> items = new ArrayList<>();
            node.forEach(item -> items.add(document(item)));
            return Document.fromList(items);
        }
        if (node.isNumber()) {
            return Document.fromNumber(node.decimalValue());
        }
        if (node.isBoolean()) {
            return Document.fromBoolean(node.booleanValue());
        }
        return node.isNull() ? Document.fromNull() : Document.fromString(node.asText());
    }
}
