package io.llmfailover.e2e.apps;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.genai.Client;
import com.google.genai.ResponseStream;
import com.google.genai.types.Content;
import com.google.genai.types.FunctionCall;
import com.google.genai.types.FunctionDeclaration;
import com.google.genai.types.GenerateContentConfig;
import com.google.genai.types.GenerateContentResponse;
import com.google.genai.types.Part;
import com.google.genai.types.Schema;
import com.google.genai.types.Tool;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The Google Gen AI SDK app's tool round trip ({@link GoogleGenAiSdkApp}, modes {@code tools} and
 * {@code tools-stream}): a question with a {@code get_weather} function declaration; the model's
 * {@code functionCall} reported ({@code TOOLCALL}, its finish reason Gemini's own); the function's
 * response sent back in a second turn, whose answer is reported, streamed text as it arrives.
 */
final class GeminiToolRoundTrip {

    private static final String MODEL = "gemini-2.5-flash";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Client client;
    private final GenerateContentConfig config = GenerateContentConfig.builder()
            .tools(Tool.builder().functionDeclarations(FunctionDeclaration.builder()
                    .name("get_weather")
                    .description("The current weather in a city")
                    .parameters(Schema.builder()
                            .type("OBJECT")
                            .properties(Map.of("city", Schema.builder().type("STRING").build()))
                            .required("city"))))
            .maxOutputTokens(200)
            .build();

    GeminiToolRoundTrip(Client client) {
        this.client = client;
    }

    void play(int number, boolean streaming) throws JsonProcessingException {
        List<Content> contents = new ArrayList<>(List.of(Content.builder()
                .role("user")
                .parts(Part.fromText(OpenAiSdkFeaturesApp.WEATHER_QUESTION))
                .build()));
        Turn first = turn(number, contents, streaming, false);
        for (int index = 0; index < first.calls().size(); index++) {
            FunctionCall call = first.calls().get(index);
            Report.toolCall(number, index, call.id().orElse("none"), call.name().orElse(""), first.finish(),
                    JSON.writeValueAsString(call.args().orElse(Map.of())));
        }
        if (first.calls().isEmpty()) {
            Report.error(number, "NoToolCall", null, null, "the model answered without calling the tool");
            return;
        }
        FunctionCall call = first.calls().get(0);
        contents.add(Content.builder().role("model")
                .parts(Part.fromFunctionCall(call.name().orElse(""), call.args().orElse(Map.of()))).build());
        contents.add(Content.builder().role("user")
                .parts(Part.fromFunctionResponse(call.name().orElse(""), Map.of("sky", "sunny", "celsius", 21))).build());
        Turn last = turn(number, contents, streaming, true);
        Report.result(number, 200, last.provider(), last.text());
    }

    /** One turn's answer: its text, its function calls, its finish reason and the provider header. */
    private record Turn(String text, List<FunctionCall> calls, String finish, String provider) {}

    private Turn turn(int number, List<Content> contents, boolean streaming, boolean reportText) {
        if (!streaming) {
            GenerateContentResponse response = client.models.generateContent(MODEL, contents, config);
            return new Turn(textOf(response), response.functionCalls(), String.valueOf(response.finishReason()),
                    GoogleGenAiSdkApp.provider(response));
        }
        StringBuilder text = new StringBuilder();
        List<FunctionCall> calls = new ArrayList<>();
        String finish = null;
        String provider = null;
        int index = 0;
        try (ResponseStream<GenerateContentResponse> responses = client.models.generateContentStream(MODEL, contents, config)) {
            for (GenerateContentResponse response : responses) {
                provider = provider != null ? provider : GoogleGenAiSdkApp.provider(response);
                calls.addAll(response.functionCalls() == null ? List.of() : response.functionCalls());
                finish = response.finishReason() == null ? finish : String.valueOf(response.finishReason());
                String piece = textOf(response);
                if (reportText && !piece.isEmpty()) {
                    Report.chunk(number, index++, piece);
                }
                text.append(piece);
            }
        }
        return new Turn(text.toString(), calls, finish, provider);
    }

    /** The response's text parts (its {@code text()} warns, and is null, when a part is a function call). */
    private static String textOf(GenerateContentResponse response) {
        StringBuilder text = new StringBuilder();
        response.candidates().orElse(List.of()).stream().limit(1)
                .flatMap(candidate -> candidate.content().flatMap(Content::parts).orElse(List.of()).stream())
                .forEach(part -> part.text().ifPresent(text::append));
        return text.toString();
    }
}
