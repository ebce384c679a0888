package io.llmfailover.e2e;

import static io.llmfailover.e2e.AppAssertions.assertCompleted;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import io.llmfailover.e2e.AppOutput.Result;
import io.llmfailover.e2e.AppOutput.ToolCall;
import io.llmfailover.e2e.apps.GeminiHttpApp;
import io.llmfailover.e2e.apps.OpenAiSdkFeaturesApp;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Unmodified apps (the OpenAI SDK, tools included; a native Gemini app) whose primary refuses,
 * served by a Bedrock step speaking Converse ({@link BedrockStub}) with a Bedrock API key: the app
 * sees a normal answer or stream in its own protocol; Bedrock receives a Converse request on its own
 * path, the model id escaped into it, with its own key and never the app's. A Bedrock stream that
 * opens with HTTP 200 and throttles in its first event moves on. Every other SDK served by a Bedrock
 * step signed with the agent's SigV4 identity: {@link CrossProtocolGridTest}.
 */
class BedrockFailoverTest {

    private static final String APP_KEY = "sk-app-bedrock-0123456789";
    private static final String BEDROCK_KEY = "ABSKbedrock-e2e-9876543210";
    private static final String BEDROCK_KEY_VARIABLE = "E2E_BEDROCK_KEY";
    /** A cross-region inference profile: its ':' must reach the path escaped. */
    private static final String BEDROCK_MODEL = "us.anthropic.claude-haiku-4-5-20251001-v1:0";
    private static final String ESCAPED_MODEL = "us.anthropic.claude-haiku-4-5-20251001-v1%3A0";
    private static final List<String> OTHER_CREDENTIAL_HEADERS = List.of("x-api-key", "x-goog-api-key", "api-key");

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path workDir;

    @ParameterizedTest
    @ValueSource(strings = {"blocking", "stream"})
    void theOpenAiSdkIsServedByABedrockProvider(String mode) throws Exception {
        try (StubProvider primary = StubProvider.answering("primary").failing(StubProvider.Failure.RATE_LIMITED);
                BedrockStub bedrock = BedrockStub.answering("bedrock")) {
            AppOutput output = run(OpenAiSdkFeaturesApp.class, primary.baseUrl(), mode, config(primary.baseUrl(), "openai", bedrock.baseUrl(), null));

            assertCompleted(output);
            assertServedBy("bedrock", bedrock.content(), output);
            if (mode.equals("stream")) {
                assertEquals(bedrock.chunks(), output.chunks(1), output::describe);
            }
            LoggedRequest sent = single(bedrock.requests(), output);
            assertEquals("/model/" + ESCAPED_MODEL + (mode.equals("stream") ? "/converse-stream" : "/converse"),
                    sent.getUrl(), output::describe);
            assertBedrocksOwnKey(sent, output);
            JsonNode body = JSON.readTree(sent.getBodyAsString());
            assertAll(
                    () -> assertFalse(body.has("model"), "the model is in the path" + body),
                    () -> assertEquals("Answer briefly.", body.at("/system/0/text").asText(), body::toString),
                    () -> assertEquals("user", body.at("/messages/0/role").asText(), body::toString),
                    () -> assertEquals("Say hello", body.at("/messages/0/content/0/text").asText(), body::toString));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"tools", "tools-stream"})
    void aToolCallRoundTripsThroughABedrockProviderWithItsIdsKept(String feature) throws Exception {
        try (StubProvider primary = StubProvider.answering("primary").failing(StubProvider.Failure.RATE_LIMITED);
                BedrockStub bedrock = BedrockStub.answering("bedrock")) {
            AppOutput output = run(OpenAiSdkFeaturesApp.class, primary.baseUrl(), feature, config(primary.baseUrl(), "openai", bedrock.baseUrl(), null));

            assertCompleted(output);
            ToolCall call = single(output.toolCalls(), output);
            assertAll(
                    () -> assertEquals(0, call.index(), output::describe),
                    () -> assertEquals(BedrockStub.TOOL_USE_ID, call.id(), output::describe),
                    () -> assertEquals(BedrockStub.TOOL_NAME, call.name(), output::describe),
                    () -> assertEquals("tool_calls", call.finish(), output::describe),
                    () -> assertEquals(JSON.readTree("{\"city\":\"Paris\"}"), JSON.readTree(call.arguments()), output::describe));
            assertServedBy("bedrock", bedrock.weatherReport(), output);

            List<LoggedRequest> turns = bedrock.requests();
            assertEquals(2, turns.size(), output::describe);
            JsonNode question = JSON.readTree(turns.get(0).getBodyAsString());
            assertEquals(BedrockStub.TOOL_NAME, question.at("/toolConfig/tools/0/toolSpec/name").asText(), question::toString);
            assertEquals("string", question.at("/toolConfig/tools/0/toolSpec/inputSchema/json/properties/city/type").asText(),
                    question::toString);
            JsonNode messages = JSON.readTree(turns.get(1).getBodyAsString()).path("messages");
            JsonNode toolUse = block(messages.path(1), "toolUse");
            JsonNode toolResult = block(messages.path(2), "toolResult");
            assertAll(
                    () -> assertEquals(3, messages.size(), messages::toString),
                    () -> assertEquals("assistant", messages.at("/1/role").asText(), messages::toString),
                    () -> assertEquals(BedrockStub.TOOL_USE_ID, toolUse.path("toolUseId").asText(), messages::toString),
                    () -> assertEquals("Paris", toolUse.at("/input/city").asText(), messages::toString),
                    () -> assertEquals(BedrockStub.TOOL_USE_ID, toolResult.path("toolUseId").asText(), messages::toString),
                    () -> assertTrue(toolResult.at("/content/0/text").asText().contains("sunny"), messages::toString));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"blocking", "stream"})
    void aGeminiAppIsServedByABedrockProvider(String mode) throws Exception {
        try (GeminiStub primary = GeminiStub.answering("primary").failing(GeminiStub.Failure.RESOURCE_EXHAUSTED);
                BedrockStub bedrock = BedrockStub.answering("bedrock")) {
            AppOutput output = run(GeminiHttpApp.class, primary.baseUrl(), mode,
                    config(primary.baseUrl(), "gemini", bedrock.baseUrl(), null));

            assertCompleted(output);
            assertServedBy("bedrock", bedrock.content(), output);
            if (mode.equals("stream")) {
                assertEquals(bedrock.chunks(), output.chunks(1), output::describe);
            }
            JsonNode body = JSON.readTree(single(bedrock.requests(), output).getBodyAsString());
            assertEquals(0.3, body.at("/inferenceConfig/temperature").asDouble(), 1e-9, body::toString);
            assertEquals(200, body.at("/inferenceConfig/maxTokens").asInt(), body::toString);
        }
    }

    @Test
    void aBedrockStreamThatThrottlesInItsFirstEventMovesOnToTheNextStep() throws Exception {
        try (StubProvider primary = StubProvider.answering("primary").failing(StubProvider.Failure.RATE_LIMITED);
                BedrockStub bedrock = BedrockStub.answering("bedrock").throttlingInTheFirstEvent();
                StubProvider third = StubProvider.answering("third")) {
            AppOutput output = run(OpenAiSdkFeaturesApp.class, primary.baseUrl(), "stream", config(primary.baseUrl(), "openai", bedrock.baseUrl(), third.baseUrl()));

            assertCompleted(output);
            assertServedBy("third", third.content(), output);
            assertEquals(third.chunks(), output.chunks(1), output::describe);
            assertEquals(1, bedrock.requests().size(), output::describe);
            assertEquals(1, third.chatRequests().size(), output::describe);
        }
    }

    private AppOutput run(Class<?> app, String appBaseUrl, String mode, ConfigFile config) throws Exception {
        Path configFile = config.writeTo(workDir.resolve("llm-failover-bedrock.properties"));
        return ChildJvm.of(app, workDir)
                .args(appBaseUrl, APP_KEY, mode, "1")
                .withAgent(configFile)
                .env(BEDROCK_KEY_VARIABLE, BEDROCK_KEY)
                .run();
    }

    /**
     * The app addresses {@code primary}; {@code bedrock} has a Bedrock API key ({@code Authorization:
     * Bearer}) and an inference profile as its model; {@code third}, when given, follows it.
     */
    private static ConfigFile config(String primaryUrl, String primaryProtocol, String bedrockUrl, String thirdUrl) {
        ConfigFile config = ConfigFile.create()
                .comment("The app addresses 'primary'; 'bedrock' speaks Converse.")
                .set("provider.primary.url", primaryUrl)
                .set("provider.primary.protocol", primaryProtocol)
                .set("provider.bedrock.url", bedrockUrl)
                .set("provider.bedrock.protocol", "bedrock")
                .set("provider.bedrock.auth", "bearer")
                .set("provider.bedrock.api-key", "${" + BEDROCK_KEY_VARIABLE + "}")
                .set("provider.bedrock.model.*", BEDROCK_MODEL)
                .set("route.main.match", "primary")
                .set("route.main.chain", thirdUrl == null ? "primary, bedrock" : "primary, bedrock, third")
                .set("timeout.first-byte", "5s");
        if (thirdUrl != null) {
            config.set("provider.third.url", thirdUrl).set("provider.third.protocol", "openai")
                    .set("provider.third.api-key", "sk-third-e2e");
        }
        return config;
    }

    private static void assertServedBy(String provider, String content, AppOutput output) {
        Result result = output.result(1).orElseThrow(() -> new AssertionError("call 1 has no result" + output.describe()));
        assertEquals(200, result.status(), output::describe);
        assertEquals(content, result.content(), output::describe);
        assertEquals(provider, result.provider(), () -> "x-llm-failover-provider" + output.describe());
    }

    /** Bedrock got its own API key as a bearer token, and the app's key nowhere. */
    private static void assertBedrocksOwnKey(LoggedRequest sent, AppOutput output) {
        assertEquals("Bearer " + BEDROCK_KEY, sent.getHeader("Authorization"), output::describe);
        for (String other : OTHER_CREDENTIAL_HEADERS) {
            assertNull(sent.getHeader(other), () -> other + " reached Bedrock" + output.describe());
        }
        StringBuilder everything = new StringBuilder(sent.getUrl()).append(sent.getBodyAsString());
        sent.getAllHeaderKeys().forEach(name -> everything.append(sent.getHeaders().getHeader(name).values()));
        assertFalse(everything.toString().contains(APP_KEY), "the app's key reached Bedrock" + output.describe());
    }

    /** The content block of a Converse message that is a {@code kind} (a union: one member names it). */
    private static JsonNode block(JsonNode message, String kind) {
        for (JsonNode block : message.path("content")) {
            if (block.has(kind)) {
                return block.get(kind);
            }
        }
        throw new AssertionError("no " + kind + " block in " + message);
    }

    private static <T> T single(List<T> items, AppOutput output) {
        assertEquals(1, items.size(), () -> "expected exactly one of " + items + output.describe());
        return items.get(0);
    }
}
