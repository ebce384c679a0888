package io.llmfailover.e2e;

import static io.llmfailover.e2e.AppAssertions.assertCompleted;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import io.llmfailover.e2e.AppOutput.Result;
import io.llmfailover.e2e.apps.AnthropicSdkApp;
import io.llmfailover.e2e.apps.GeminiHttpApp;
import io.llmfailover.e2e.apps.GoogleGenAiSdkApp;
import io.llmfailover.e2e.apps.OpenAiSdkFeaturesApp;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Gemini and Claude on Vertex AI as the fallback of unmodified apps whose primary answers 429, and a
 * Vertex AI primary recognised and failed over. The stub Vertex answers only calls in Vertex's shape
 * (the project and location in the path, the publisher, the model, the verb; Claude's body with
 * {@code anthropic_version} and without {@code model}); the step has a static key. Every SDK
 * served by Vertex AI steps with the Google token of the agent's Application Default Credentials:
 * {@link CrossProtocolGridTest}.
 */
class VertexFailoverTest {

    private static final String APP_KEY = "sk-app-vertex-0123456789";
    private static final String STEP_TOKEN = "ya29.e2e-static-step-token";
    private static final String STEP_TOKEN_VARIABLE = "E2E_VERTEX_TOKEN";
    private static final String CLAUDE = "claude-sonnet-4@20250514";
    private static final String GEMINI = "gemini-2.5-flash";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path workDir;

    @ParameterizedTest
    @ValueSource(strings = {"blocking", "stream"})
    void theOpenAiSdkFailsOverToGeminiOnVertex(String mode) throws Exception {
        try (StubProvider primary = StubProvider.answering("primary").failing(StubProvider.Failure.RATE_LIMITED);
                GeminiStub vertex = GeminiStub.onVertex("vertex")) {
            AppOutput output = run(OpenAiSdkFeaturesApp.class, primary.baseUrl(), mode,
                    config(primary.baseUrl(), "openai", vertex.vertexUrl(), "vertex-gemini", GEMINI));

            JsonNode body = assertServedByGeminiOnVertex(vertex, mode, output);
            assertAll(
                    () -> assertEquals("Answer briefly.", body.at("/systemInstruction/parts/0/text").asText(), body::toString),
                    () -> assertEquals("Say hello", body.at("/contents/0/parts/0/text").asText(), body::toString));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"blocking", "stream"})
    void theOpenAiSdkFailsOverToClaudeOnVertex(String mode) throws Exception {
        try (StubProvider primary = StubProvider.answering("primary").failing(StubProvider.Failure.RATE_LIMITED);
                AnthropicStub vertex = AnthropicStub.onVertex("vertex")) {
            AppOutput output = run(OpenAiSdkFeaturesApp.class, primary.baseUrl(), mode,
                    config(primary.baseUrl(), "openai", vertex.vertexUrl(), "vertex-anthropic", CLAUDE));

            JsonNode body = assertServedByClaudeOnVertex(vertex, mode, output);
            assertEquals(512, body.path("max_tokens").asInt(), body::toString);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"tools", "tools-stream"})
    void aToolCallRoundTripsThroughClaudeOnVertex(String feature) throws Exception {
        try (StubProvider primary = StubProvider.answering("primary").failing(StubProvider.Failure.RATE_LIMITED);
                AnthropicStub vertex = AnthropicStub.onVertex("vertex")) {
            AppOutput output = run(OpenAiSdkFeaturesApp.class, primary.baseUrl(), feature,
                    config(primary.baseUrl(), "openai", vertex.vertexUrl(), "vertex-anthropic", CLAUDE));

            assertCompleted(output);
            AppOutput.ToolCall call = single(output.toolCalls(), output);
            assertAll(
                    () -> assertEquals(AnthropicStub.TOOL_USE_ID, call.id(), output::describe),
                    () -> assertEquals(AnthropicStub.TOOL_NAME, call.name(), output::describe),
                    () -> assertEquals("tool_calls", call.finish(), output::describe));
            assertServed(vertex.weatherReport(), output, "vertex");
            List<LoggedRequest> turns = vertex.requests();
            assertEquals(2, turns.size(), output::describe);
            for (LoggedRequest turn : turns) {
                String verb = feature.endsWith("stream") ? ":streamRawPredict" : ":rawPredict";
                assertVertexCall(turn, "anthropic", CLAUDE, verb, output);
            }
            JsonNode answer = JSON.readTree(turns.get(1).getBodyAsString());
            assertEquals(AnthropicStub.TOOL_USE_ID, answer.at("/messages/2/content/0/tool_use_id").asText(), answer::toString);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"blocking", "stream"})
    void theAnthropicSdkFailsOverToClaudeOnVertexWithItsBodyKept(String mode) throws Exception {
        try (AnthropicStub primary = AnthropicStub.answering("primary").failing(AnthropicStub.Failure.RATE_LIMITED);
                AnthropicStub vertex = AnthropicStub.onVertex("vertex")) {
            AppOutput output = run(AnthropicSdkApp.class, primary.rootUrl(), mode,
                    config(primary.baseUrl(), "anthropic", vertex.vertexUrl(), "vertex-anthropic", CLAUDE));

            JsonNode body = assertServedByClaudeOnVertex(vertex, mode, output);
            assertEquals(300, body.path("max_tokens").asInt(), body::toString);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"blocking", "stream"})
    void aGeminiAppFailsOverToClaudeOnVertex(String mode) throws Exception {
        try (GeminiStub primary = GeminiStub.answering("primary").failing(GeminiStub.Failure.RESOURCE_EXHAUSTED);
                AnthropicStub vertex = AnthropicStub.onVertex("vertex")) {
            AppOutput output = run(GeminiHttpApp.class, primary.baseUrl(), mode,
                    config(primary.baseUrl(), "gemini", vertex.vertexUrl(), "vertex-anthropic", CLAUDE));

            assertServedByClaudeOnVertex(vertex, mode, output);
        }
    }

    /**
     * An app calling Gemini on Vertex AI itself is governed: its model read from the path, its 429
     * failed over to an OpenAI-compatible fallback, its own credential kept on the host it addressed.
     */
    @ParameterizedTest
    @ValueSource(strings = {"blocking", "stream"})
    void aGeminiOnVertexAppIsGovernedAndFailsOverToAnOpenAiCompatibleProvider(String mode) throws Exception {
        try (GeminiStub primary = GeminiStub.onVertex("primary").failing(GeminiStub.Failure.RESOURCE_EXHAUSTED);
                StubProvider backup = StubProvider.answering("backup")) {
            AppOutput output = run(GeminiHttpApp.class, primary.vertexUrl() + "/publishers/google", mode,
                    ConfigFile.create()
                            .set("provider.primary.url", primary.vertexUrl())
                            .set("provider.primary.protocol", "vertex-gemini")
                            .set("provider.backup.url", backup.baseUrl())
                            .set("provider.backup.protocol", "openai")
                            .set("provider.backup.api-key", "${" + STEP_TOKEN_VARIABLE + "}")
                            .set("provider.backup.model.*", "backup-model")
                            .set("route.main.match", "primary")
                            .set("route.main.chain", "primary, backup")
                            .set("timeout.first-byte", "5s"));

            assertServed(backup.content(), output, "backup");
            assertEquals(APP_KEY, single(primary.requests(), output).getHeader("x-goog-api-key"), output::describe);
            LoggedRequest sent = single(backup.chatRequests(), output);
            assertEquals("Bearer " + STEP_TOKEN, sent.getHeader("Authorization"), output::describe);
            assertFalse(sent.containsHeader("x-goog-api-key"), "the app's Google credential left its host" + output.describe());
            assertFalse(sent.getBodyAsString().contains(APP_KEY), output::describe);
            assertEquals("backup-model", JSON.readTree(sent.getBodyAsString()).path("model").asText(), output::describe);
        }
    }

    /**
     * Google's Gen AI SDK in Vertex AI mode, its own token on Gemini on Vertex, failing over to Claude
     * on Vertex: the chain "Gemini on Vertex → Claude on Vertex", with the SDK's request recognised.
     */
    @ParameterizedTest
    @ValueSource(strings = {"blocking", "stream"})
    void theGoogleGenAiSdkInVertexModeFailsOverFromGeminiToClaudeOnVertex(String mode) throws Exception {
        try (GeminiStub primary = GeminiStub.onVertex("primary").failing(GeminiStub.Failure.RESOURCE_EXHAUSTED);
                AnthropicStub vertex = AnthropicStub.onVertex("vertex")) {
            AppOutput output = runInVertexMode(GoogleGenAiSdkApp.class, GoogleGenAiSdkApp.VERTEX_VARIABLE,
                    primary.rootUrl(), mode,
                    config(primary.vertexUrl(), "vertex-gemini", vertex.vertexUrl(), "vertex-anthropic", CLAUDE));

            assertServedByClaudeOnVertex(vertex, mode, output);
            LoggedRequest addressed = single(primary.requests(), output);
            assertEquals(GeminiStub.VERTEX_LOCATION + "/publishers/google/models/" + GEMINI
                    + (mode.equals("stream") ? ":streamGenerateContent?alt=sse" : ":generateContent"),
                    addressed.getUrl(), output::describe);
            assertEquals("Bearer " + APP_KEY, addressed.getHeader("Authorization"), output::describe);
        }
    }

    /**
     * The Anthropic SDK's Vertex AI backend, its own token on Claude on Vertex, failing over to Gemini
     * on Vertex: the chain "Claude on Vertex → Gemini on Vertex", with the SDK's rawPredict recognised.
     */
    @ParameterizedTest
    @ValueSource(strings = {"blocking", "stream"})
    void theAnthropicSdksVertexBackendFailsOverFromClaudeToGeminiOnVertex(String mode) throws Exception {
        try (AnthropicStub primary = AnthropicStub.onVertex("primary").failing(AnthropicStub.Failure.RATE_LIMITED);
                GeminiStub vertex = GeminiStub.onVertex("vertex")) {
            AppOutput output = runInVertexMode(AnthropicSdkApp.class, AnthropicSdkApp.VERTEX_VARIABLE,
                    primary.rootUrl(), mode,
                    config(primary.vertexUrl(), "vertex-anthropic", vertex.vertexUrl(), "vertex-gemini", GEMINI));

            JsonNode body = assertServedByGeminiOnVertex(vertex, mode, output);
            assertEquals("Answer briefly.", body.at("/systemInstruction/parts/0/text").asText(), body::toString);
            LoggedRequest addressed = single(primary.requests(), output);
            String claudePath = GeminiStub.VERTEX_LOCATION + "/publishers/anthropic/models/claude-sonnet-4-5:";
            assertTrue(addressed.getUrl().startsWith(claudePath),
                    output::describe);
            assertEquals("Bearer " + APP_KEY, addressed.getHeader("Authorization"), output::describe);
        }
    }

    private AppOutput run(Class<?> app, String appBaseUrl, String mode, ConfigFile config) throws Exception {
        return child(app, appBaseUrl, mode, config).run();
    }

    /** An SDK app in its Vertex AI mode, whose {@code variable} names the stubs' project and location. */
    private AppOutput runInVertexMode(Class<?> app, String variable, String appBaseUrl, String mode, ConfigFile config)
            throws Exception {
        return child(app, appBaseUrl, mode, config).env(variable, "e2e-proj/us-east5").run();
    }

    private ChildJvm child(Class<?> app, String appBaseUrl, String mode, ConfigFile config) throws Exception {
        Path configFile = config.writeTo(workDir.resolve("llm-failover-vertex.properties"));
        return ChildJvm.of(app, workDir)
                .args(appBaseUrl, APP_KEY, mode, "1")
                .withAgent(configFile)
                .env(STEP_TOKEN_VARIABLE, STEP_TOKEN);
    }

    /** The app addresses {@code primary}; {@code vertex} is a Vertex AI step with a static token and a model of its own. */
    private static ConfigFile config(String primaryUrl, String primaryProtocol, String vertexUrl, String vertexProtocol,
            String vertexModel) {
        return ConfigFile.create()
                .comment("The app addresses 'primary'; 'vertex' is a model on Vertex AI.")
                .set("provider.primary.url", primaryUrl)
                .set("provider.primary.protocol", primaryProtocol)
                .set("provider.vertex.url", vertexUrl)
                .set("provider.vertex.protocol", vertexProtocol)
                .set("provider.vertex.api-key", "${" + STEP_TOKEN_VARIABLE + "}")
                .set("provider.vertex.model.*", vertexModel)
                .set("route.main.match", "primary")
                .set("route.main.chain", "primary, vertex")
                .set("translation.default-max-tokens", 512)
                .set("timeout.first-byte", "5s");
    }

    private static void assertServed(String content, AppOutput output, String provider) {
        assertCompleted(output);
        Result result = output.result(1).orElseThrow(() -> new AssertionError("call 1 has no result" + output.describe()));
        assertEquals(200, result.status(), output::describe);
        assertEquals(content, result.content(), output::describe);
        assertEquals(provider, result.provider(), () -> "x-llm-failover-provider" + output.describe());
    }

    /** The app got Gemini on Vertex's answer, and Gemini on Vertex got one call in its shape: the Gemini body. */
    private static JsonNode assertServedByGeminiOnVertex(GeminiStub vertex, String mode, AppOutput output) throws Exception {
        boolean stream = mode.equals("stream");
        assertServedInChunks(vertex.content(), vertex.chunks(), stream, output);
        LoggedRequest sent = single(vertex.requests(), output);
        assertVertexCall(sent, "google", GEMINI, stream ? ":streamGenerateContent?alt=sse" : ":generateContent", output);
        JsonNode body = JSON.readTree(sent.getBodyAsString());
        body.path("contents").forEach(content -> assertTrue(content.path("role").isTextual(), body::toString));
        return body;
    }

    /** The app got Claude on Vertex's answer, and Claude on Vertex got one call in its shape: the Anthropic body. */
    private static JsonNode assertServedByClaudeOnVertex(AnthropicStub vertex, String mode, AppOutput output) throws Exception {
        boolean stream = mode.equals("stream");
        assertServedInChunks(vertex.content(), vertex.chunks(), stream, output);
        LoggedRequest sent = single(vertex.requests(), output);
        assertVertexCall(sent, "anthropic", CLAUDE, stream ? ":streamRawPredict" : ":rawPredict", output);
        JsonNode body = JSON.readTree(sent.getBodyAsString());
        assertAll(
                () -> assertEquals("vertex-2023-10-16", body.path("anthropic_version").asText(), body::toString),
                () -> assertFalse(body.has("model"), body::toString),
                () -> assertEquals("user", body.at("/messages/0/role").asText(), body::toString),
                () -> assertEquals(stream, body.path("stream").asBoolean(false), body::toString));
        return body;
    }

    private static void assertServedInChunks(String content, List<String> chunks, boolean stream, AppOutput output) {
        assertServed(content, output, "vertex");
        if (stream) {
            assertEquals(chunks, output.chunks(1), output::describe);
        }
    }

    /** The path names the project, location, publisher, model and verb; the step's token, never the app's key. */
    private static void assertVertexCall(LoggedRequest sent, String publisher, String model, String verb, AppOutput output) {
        assertAll(
                () -> assertEquals(GeminiStub.VERTEX_LOCATION + "/publishers/" + publisher + "/models/" + model + verb,
                        sent.getUrl(), output::describe),
                () -> assertEquals("Bearer " + STEP_TOKEN, sent.getHeader("Authorization"), output::describe),
                () -> assertFalse(sent.containsHeader("x-api-key"), output::describe),
                () -> assertFalse(sent.containsHeader("x-goog-api-key"), output::describe),
                () -> assertFalse(sent.containsHeader("anthropic-version"), output::describe),
                () -> assertFalse(sent.getBodyAsString().contains(APP_KEY), output::describe));
    }

    private static <T> T single(List<T> items, AppOutput output) {
        assertEquals(1, items.size(), () -> "expected exactly one of " + items + output.describe());
        return items.get(0);
    }
}
