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
import io.llmfailover.e2e.AppOutput.Error;
import io.llmfailover.e2e.AppOutput.Result;
import io.llmfailover.e2e.AppOutput.ToolCall;
import io.llmfailover.e2e.apps.AnthropicSdkApp;
import io.llmfailover.e2e.apps.AzureOpenAiSdkApp;
import io.llmfailover.e2e.apps.GeminiHttpApp;
import io.llmfailover.e2e.apps.OpenAiSdkFeaturesApp;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The agent attached to unmodified apps whose fallback speaks another wire protocol: the OpenAI SDK
 * served by an Anthropic provider, the Anthropic SDK and a native Gemini app served by an
 * OpenAI-compatible one. The app must see a normal answer in its own format; the fallback must
 * receive a request in its own format, with its own credential, never the app's.
 */
class CrossProtocolFailoverTest {

    private static final String APP_KEY = "sk-app-xproto-0123456789";
    private static final String BACKUP_KEY = "sk-backup-xproto-9876543210";
    private static final String BACKUP_KEY_VARIABLE = "E2E_BACKUP_KEY";
    private static final String BACKUP_MODEL = "backup-model";
    private static final int DEFAULT_MAX_TOKENS = 512;
    private static final List<String> CREDENTIAL_HEADERS = List.of("Authorization", "x-api-key", "x-goog-api-key", "api-key");

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path workDir;

    /**
     * An Azure-style resource (its deployment in the path, its key in {@code api-key}) called by
     * the Azure OpenAI SDK over its default Netty transport, failing over to an Anthropic provider.
     */
    @ParameterizedTest
    @CsvSource({"blocking, RATE_LIMITED", "stream, OVERLOADED"})
    void theAzureOpenAiSdkIsServedByAnAnthropicProvider(String mode, StubProvider.Failure primaryFailure) throws Exception {
        try (StubProvider primary = StubProvider.answering("primary").failing(primaryFailure);
                AnthropicStub backup = AnthropicStub.answering("backup")) {
            AppOutput output = run(AzureOpenAiSdkApp.class, primary.baseUrl(), mode,
                    config(primary.baseUrl(), "openai", backup.baseUrl(), "anthropic"));

            assertCompleted(output);
            assertServedBy("backup", backup.content(), output);
            if (mode.equals("stream")) {
                assertEquals(backup.chunks(), output.chunks(1), output::describe);
            }
            LoggedRequest addressed = single(primary.chatRequests(), output);
            assertTrue(addressed.getUrl().contains("/openai/deployments/gpt-4o/chat/completions?api-version="),
                    () -> addressed.getUrl() + output.describe());
            assertEquals(APP_KEY, addressed.getHeader("api-key"), output::describe);
            LoggedRequest sent = single(backup.requests(), output);
            assertCredential(sent, "x-api-key", BACKUP_KEY, output);
            JsonNode body = JSON.readTree(sent.getBodyAsString());
            assertAll(
                    () -> assertEquals(BACKUP_MODEL, body.path("model").asText(), body::toString),
                    () -> assertEquals("user", body.at("/messages/0/role").asText(), body::toString),
                    () -> assertEquals("Say hello", ContentText.of(body.at("/messages/0/content")), body::toString),
                    () -> assertEquals(mode.equals("stream"), body.path("stream").asBoolean(false), body::toString));
        }
    }

    @ParameterizedTest
    @CsvSource({"blocking, RATE_LIMITED", "stream, OVERLOADED"})
    void theOpenAiSdkIsServedByAnAnthropicProvider(String mode, StubProvider.Failure primaryFailure) throws Exception {
        try (StubProvider primary = StubProvider.answering("primary").failing(primaryFailure);
                AnthropicStub backup = AnthropicStub.answering("backup")) {
            AppOutput output = run(OpenAiSdkFeaturesApp.class, primary.baseUrl(), mode,
                    config(primary.baseUrl(), "openai", backup.baseUrl(), "anthropic"));

            assertCompleted(output);
            assertServedBy("backup", backup.content(), output);
            if (mode.equals("stream")) {
                assertEquals(backup.chunks(), output.chunks(1), output::describe);
            }
            LoggedRequest sent = single(backup.requests(), output);
            assertCredential(sent, "x-api-key", BACKUP_KEY, output);
            JsonNode body = JSON.readTree(sent.getBodyAsString());
            assertAll(
                    () -> assertEquals("2023-06-01", sent.getHeader("anthropic-version"), output::describe),
                    () -> assertEquals(BACKUP_MODEL, body.path("model").asText(), body::toString),
                    () -> assertEquals(DEFAULT_MAX_TOKENS, body.path("max_tokens").asInt(), body::toString),
                    () -> assertEquals("Answer briefly.", systemText(body), body::toString),
                    () -> assertEquals("user", body.at("/messages/0/role").asText(), body::toString),
                    () -> assertEquals("Say hello", ContentText.of(body.at("/messages/0/content")), body::toString),
                    () -> assertEquals(mode.equals("stream"), body.path("stream").asBoolean(false), body::toString));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"tools", "tools-stream"})
    void aToolCallRoundTripsThroughAnAnthropicProviderWithItsIdsKept(String feature) throws Exception {
        try (StubProvider primary = StubProvider.answering("primary").failing(StubProvider.Failure.OVERLOADED);
                AnthropicStub backup = AnthropicStub.answering("backup")) {
            AppOutput output = run(OpenAiSdkFeaturesApp.class, primary.baseUrl(), feature,
                    config(primary.baseUrl(), "openai", backup.baseUrl(), "anthropic"));

            assertCompleted(output);
            ToolCall call = single(output.toolCalls(), output);
            assertAll(
                    () -> assertEquals(0, call.index(), "the first tool call is index 0, whatever its block index"),
                    () -> assertEquals(AnthropicStub.TOOL_USE_ID, call.id(), output::describe),
                    () -> assertEquals(AnthropicStub.TOOL_NAME, call.name(), output::describe),
                    () -> assertEquals("tool_calls", call.finish(), output::describe),
                    () -> assertEquals(JSON.readTree("{\"city\":\"Paris\"}"), JSON.readTree(call.arguments()),
                            output::describe));
            assertServedBy("backup", backup.weatherReport(), output);

            List<LoggedRequest> turns = backup.requests();
            assertEquals(2, turns.size(), output::describe);
            JsonNode question = JSON.readTree(turns.get(0).getBodyAsString());
            assertEquals(AnthropicStub.TOOL_NAME, question.at("/tools/0/name").asText(), question::toString);
            assertEquals("string", question.at("/tools/0/input_schema/properties/city/type").asText(), question::toString);

            JsonNode answer = JSON.readTree(turns.get(1).getBodyAsString());
            JsonNode messages = answer.path("messages");
            JsonNode toolUse = blockOfType(messages.path(1), "tool_use");
            JsonNode toolResult = blockOfType(messages.path(2), "tool_result");
            assertAll(
                    () -> assertEquals(3, messages.size(), answer::toString),
                    () -> assertEquals("assistant", messages.at("/1/role").asText(), answer::toString),
                    () -> assertEquals(AnthropicStub.TOOL_USE_ID, toolUse.path("id").asText(), answer::toString),
                    () -> assertEquals(AnthropicStub.TOOL_NAME, toolUse.path("name").asText(), answer::toString),
                    () -> assertEquals("Paris", toolUse.at("/input/city").asText(), answer::toString),
                    () -> assertEquals("user", messages.at("/2/role").asText(), answer::toString),
                    () -> assertEquals(AnthropicStub.TOOL_USE_ID, toolResult.path("tool_use_id").asText(), answer::toString),
                    () -> assertTrue(ContentText.of(toolResult.path("content")).contains("sunny"), answer::toString));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"blocking", "stream"})
    void theAnthropicSdkIsServedByAnOpenAiCompatibleProvider(String mode) throws Exception {
        try (AnthropicStub primary = AnthropicStub.answering("primary").failing(AnthropicStub.Failure.OVERLOADED);
                StubProvider backup = StubProvider.answering("backup")) {
            AppOutput output = run(AnthropicSdkApp.class, primary.rootUrl(), mode,
                    config(primary.baseUrl(), "anthropic", backup.baseUrl(), "openai"));

            assertCompleted(output);
            assertServedBy("backup", backup.content(), output);
            if (mode.equals("stream")) {
                assertEquals(backup.chunks(), output.chunks(1), output::describe);
            }
            assertEquals(APP_KEY, AnthropicStub.apiKeyOf(single(primary.requests(), output)), output::describe);
            LoggedRequest sent = single(backup.chatRequests(), output);
            assertCredential(sent, "Authorization", "Bearer " + BACKUP_KEY, output);
            JsonNode body = JSON.readTree(sent.getBodyAsString());
            assertAll(
                    () -> assertFalse(sent.containsHeader("anthropic-version"), "an Anthropic header reached OpenAI"),
                    () -> assertEquals(BACKUP_MODEL, body.path("model").asText(), body::toString),
                    () -> assertEquals("system", body.at("/messages/0/role").asText(), body::toString),
                    () -> assertEquals("Answer briefly.", ContentText.of(body.at("/messages/0/content")), body::toString),
                    () -> assertEquals("user", body.at("/messages/1/role").asText(), body::toString),
                    () -> assertEquals("Say hello", ContentText.of(body.at("/messages/1/content")), body::toString),
                    () -> assertEquals(300, body.path("max_tokens").asInt(body.path("max_completion_tokens").asInt()),
                            body::toString));
            if (mode.equals("stream")) {
                assertTrue(body.path("stream").asBoolean(), body::toString);
                assertTrue(body.at("/stream_options/include_usage").asBoolean(), body::toString);
            }
        }
    }

    @ParameterizedTest
    @CsvSource({"blocking, UNAVAILABLE", "stream, RESOURCE_EXHAUSTED"})
    void aGeminiAppIsServedByAnOpenAiCompatibleProvider(String mode, GeminiStub.Failure primaryFailure) throws Exception {
        try (GeminiStub primary = GeminiStub.answering("primary").failing(primaryFailure);
                StubProvider backup = StubProvider.answering("backup")) {
            AppOutput output = run(GeminiHttpApp.class, primary.baseUrl(), mode,
                    config(primary.baseUrl(), "gemini", backup.baseUrl(), "openai"));

            assertCompleted(output);
            assertServedBy("backup", backup.content(), output);
            if (mode.equals("stream")) {
                assertEquals(backup.chunks(), output.chunks(1), output::describe);
                assertTrue(single(primary.requests(), output).getUrl().endsWith(":streamGenerateContent?alt=sse"),
                        output::describe);
            }
            assertEquals(APP_KEY, single(primary.requests(), output).getHeader("x-goog-api-key"), output::describe);
            LoggedRequest sent = single(backup.chatRequests(), output);
            assertCredential(sent, "Authorization", "Bearer " + BACKUP_KEY, output);
            JsonNode body = JSON.readTree(sent.getBodyAsString());
            assertAll(
                    () -> assertEquals(BACKUP_MODEL, body.path("model").asText(), body::toString),
                    () -> assertEquals("system", body.at("/messages/0/role").asText(), body::toString),
                    () -> assertEquals("Answer briefly.", ContentText.of(body.at("/messages/0/content")), body::toString),
                    () -> assertEquals("Say hello", ContentText.of(body.at("/messages/1/content")), body::toString),
                    () -> assertEquals(0.3, body.path("temperature").asDouble(), 1e-9, body::toString),
                    () -> assertEquals(200, body.path("max_tokens").asInt(body.path("max_completion_tokens").asInt()),
                            body::toString),
                    () -> assertEquals(mode.equals("stream"), body.path("stream").asBoolean(false), body::toString));
        }
    }

    @Test
    void anAnthropicErrorEventMidStreamReachesTheOpenAiSdkAsAStreamError() throws Exception {
        try (StubProvider primary = StubProvider.answering("primary").failing(StubProvider.Failure.OVERLOADED);
                AnthropicStub backup = AnthropicStub.answering("backup").overloadedMidStream()) {
            AppOutput output = run(OpenAiSdkFeaturesApp.class, primary.baseUrl(), "stream",
                    config(primary.baseUrl(), "openai", backup.baseUrl(), "anthropic"));

            assertCompleted(output);
            assertEquals(List.of("Hello"), output.chunks(1), "what came before the error" + output.describe());
            assertTrue(output.results().isEmpty(), output::describe);
            Error error = single(output.errors(), output);
            assertAll(
                    () -> assertEquals("SseException", error.type(), output::describe),
                    () -> assertEquals("overloaded", error.code(), output::describe),
                    () -> assertTrue(error.body().contains("Overloaded"), "the fallback's own message" + output.describe()));
        }
    }

    @Test
    void aFallbacksRateLimitReachesAnAnthropicAppAsAnAnthropicError() throws Exception {
        String deadRoot = "http://127.0.0.1:" + DeadPort.allocate();
        try (StubProvider backup = StubProvider.answering("backup").failing(StubProvider.Failure.RATE_LIMITED)) {
            AppOutput output = run(AnthropicSdkApp.class, deadRoot, "blocking",
                    config(deadRoot + "/v1", "anthropic", backup.baseUrl(), "openai"));

            assertCompleted(output);
            Error error = single(output.errors(), output);
            assertAll(
                    () -> assertEquals("RateLimitException", error.type(), output::describe),
                    () -> assertEquals("429", error.status(), output::describe),
                    () -> assertEquals("rate_limit_error", error.code(), output::describe),
                    () -> assertTrue(error.body().contains("too quickly for this stub"),
                            "the fallback's own message is kept" + output.describe()));
            assertEquals(1, backup.chatRequests().size(), output::describe);
        }
    }

    @Test
    void aFallbacksRefusalReachesAGeminiAppInGeminiShapeAndIsNotFailedOverFurther() throws Exception {
        try (GeminiStub primary = GeminiStub.answering("primary").failing(GeminiStub.Failure.UNAVAILABLE);
                StubProvider backup = StubProvider.answering("backup").failing(StubProvider.Failure.BAD_REQUEST)) {
            AppOutput output = run(GeminiHttpApp.class, primary.baseUrl(), "blocking",
                    config(primary.baseUrl(), "gemini", backup.baseUrl(), "openai"));

            assertCompleted(output);
            Error error = single(output.errors(), output);
            JsonNode body = JSON.readTree(error.body());
            assertAll(
                    () -> assertEquals("400", error.status(), output::describe),
                    () -> assertEquals("INVALID_ARGUMENT", error.code(), output::describe),
                    () -> assertEquals(400, body.at("/error/code").asInt(), output::describe),
                    () -> assertTrue(body.at("/error/message").asText().contains("Invalid value for 'temperature'"),
                            output::describe));
            assertEquals(1, backup.chatRequests().size(), output::describe);
        }
    }

    @Test
    void aRequestForTwoChoicesIsNotFailedOverToAnthropicAndTheAppGetsThePrimarysError() throws Exception {
        try (StubProvider primary = StubProvider.answering("primary").failing(StubProvider.Failure.OVERLOADED);
                AnthropicStub backup = AnthropicStub.answering("backup")) {
            AppOutput output = run(OpenAiSdkFeaturesApp.class, primary.baseUrl(), "two-choices",
                    config(primary.baseUrl(), "openai", backup.baseUrl(), "anthropic"));

            assertCompleted(output);
            Error error = single(output.errors(), output);
            assertAll(
                    () -> assertEquals("503", error.status(), output::describe),
                    () -> assertTrue(error.body().contains("overloaded on purpose"),
                            "the primary's own error body" + output.describe()),
                    () -> assertEquals(0, backup.requests().size(), "n=2 must not reach Anthropic" + output.describe()));
        }
    }

    private AppOutput run(Class<?> app, String appBaseUrl, String mode, ConfigFile config) throws Exception {
        Path configFile = config.writeTo(workDir.resolve("llm-failover-xproto.properties"));
        return ChildJvm.of(app, workDir)
                .args(appBaseUrl, APP_KEY, mode, "1")
                .withAgent(configFile)
                .env(BACKUP_KEY_VARIABLE, BACKUP_KEY)
                .run();
    }

    /** The app addresses {@code primary}; {@code backup}, of another protocol, has its own key and model. */
    private static ConfigFile config(String primaryUrl, String primaryProtocol, String backupUrl, String backupProtocol) {
        return ConfigFile.create()
                .comment("The app addresses 'primary'; 'backup' speaks another protocol.")
                .set("provider.primary.url", primaryUrl)
                .set("provider.primary.protocol", primaryProtocol)
                .set("provider.backup.url", backupUrl)
                .set("provider.backup.protocol", backupProtocol)
                .set("provider.backup.api-key", "${" + BACKUP_KEY_VARIABLE + "}")
                .set("provider.backup.model.*", BACKUP_MODEL)
                .set("route.main.match", "primary")
                .set("route.main.chain", "primary, backup")
                .set("translation.default-max-tokens", DEFAULT_MAX_TOKENS)
                .set("timeout.first-byte", "5s");
    }

    private static void assertServedBy(String provider, String content, AppOutput output) {
        Result result = output.result(1).orElseThrow(() -> new AssertionError("call 1 has no result" + output.describe()));
        assertEquals(200, result.status(), output::describe);
        assertEquals(content, result.content(), output::describe);
        assertEquals(provider, result.provider(), () -> "x-llm-failover-provider" + output.describe());
    }

    /** The fallback got its own key in its protocol's header, and the app's key nowhere. */
    private static void assertCredential(LoggedRequest sent, String header, String value, AppOutput output) {
        assertEquals(value, sent.getHeader(header), () -> header + " of " + sent.getAllHeaderKeys() + output.describe());
        for (String other : CREDENTIAL_HEADERS) {
            if (!other.equalsIgnoreCase(header)) {
                assertNull(sent.getHeader(other), () -> other + " reached the fallback" + output.describe());
            }
        }
        StringBuilder everything = new StringBuilder(sent.getUrl()).append(sent.getBodyAsString());
        sent.getAllHeaderKeys().forEach(name -> everything.append(sent.getHeaders().getHeader(name).values()));
        assertFalse(everything.toString().contains(APP_KEY), "the app's key reached the fallback" + output.describe());
        assertTrue(sent.getHeader("Content-Type").toLowerCase(Locale.ROOT).startsWith("application/json"),
                output::describe);
    }


    private static String systemText(JsonNode anthropicBody) {
        return ContentText.of(anthropicBody.path("system"));
    }

    private static JsonNode blockOfType(JsonNode message, String type) {
        for (JsonNode block : message.path("content")) {
            if (type.equals(block.path("type").asText())) {
                return block;
            }
        }
        throw new AssertionError("no " + type + " block in " + message);
    }

    private static <T> T single(List<T> items, AppOutput output) {
        assertEquals(1, items.size(), () -> "expected exactly one of " + items + output.describe());
        return items.get(0);
    }
}
