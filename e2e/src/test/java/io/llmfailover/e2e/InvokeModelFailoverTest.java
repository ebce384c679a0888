package io.llmfailover.e2e;

import static io.llmfailover.e2e.AppAssertions.assertCallOneAnswered;
import static io.llmfailover.e2e.AppAssertions.single;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.http.HttpHeader;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import io.llmfailover.e2e.apps.AnthropicSdkApp;
import io.llmfailover.e2e.apps.OpenAiSdkFeaturesApp;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Anthropic SDK's Bedrock backend, unmodified, calls Claude through Bedrock's InvokeModel with
 * its own SigV4 signature: a throttled call (a 429 {@code ThrottlingException} head, or a stream
 * whose first event is a {@code throttlingException}) is served by Anthropic's own API, and the SDK
 * reads Anthropic's answer as an InvokeModel answer, its stream in the event stream's chunks; or by
 * another Bedrock, still through InvokeModel, signed by the agent with its own credentials. The
 * app's signature and session token never leave the Bedrock host it addressed.
 */
class InvokeModelFailoverTest {

    private static final String APP_ACCESS_KEY = "AKIDAPPINVOKEMODEL01";
    private static final String STEP_KEY = "sk-ant-step-invokemodel-0123456789";
    private static final String STEP_KEY_VARIABLE = "E2E_ANTHROPIC_STEP_KEY";
    private static final String STEP_MODEL = "claude-haiku-4-5";
    private static final String BACKUP_MODEL = "us.anthropic.claude-haiku-4-5-20251001-v1:0";
    private static final String AGENT_ACCESS_KEY = "AKIDAGENTINVOKEMODEL";
    private static final String AGENT_SESSION_TOKEN = "agent-session-token-invokemodel";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path workDir;

    @ParameterizedTest
    @ValueSource(strings = {"blocking", "stream"})
    void aThrottledInvokeModelCallIsServedByAnthropic(String mode) throws Exception {
        try (BedrockStub bedrock = BedrockStub.answering("bedrock").throttled();
                AnthropicStub anthropic = AnthropicStub.answering("anthropic")) {
            AppOutput output = run(bedrock, anthropic, mode);

            assertServedByAnthropic(anthropic, mode.equals("stream"), output);
            assertSignedInvokeModelCall(single(bedrock.requests(), output), mode.equals("stream"), output);
        }
    }

    @Test
    void anInvokeModelStreamThrottledInItsFirstEventIsServedByAnthropic() throws Exception {
        try (BedrockStub bedrock = BedrockStub.answering("bedrock").throttlingInTheFirstEvent();
                AnthropicStub anthropic = AnthropicStub.answering("anthropic")) {
            AppOutput output = run(bedrock, anthropic, "stream");

            assertServedByAnthropic(anthropic, true, output);
            assertSignedInvokeModelCall(single(bedrock.requests(), output), true, output);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"blocking", "stream"})
    void anInvokeModelCallAnsweredByBedrockReachesTheAppAsBedrockSentIt(String mode) throws Exception {
        try (BedrockStub bedrock = BedrockStub.answering("bedrock");
                AnthropicStub anthropic = AnthropicStub.answering("anthropic")) {
            AppOutput output = run(bedrock, anthropic, mode);

            assertCallOneAnswered(null, bedrock.content(), bedrock.chunks(), mode.equals("stream"), output);
            assertSignedInvokeModelCall(single(bedrock.requests(), output), mode.equals("stream"), output);
            assertEquals(List.of(), anthropic.requests(), output::describe);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"blocking", "stream"})
    void aThrottledInvokeModelCallIsServedByAnotherBedrockThroughInvokeModelSignedByTheAgent(String mode) throws Exception {
        boolean stream = mode.equals("stream");
        try (BedrockStub bedrock = BedrockStub.answering("bedrock").throttled();
                BedrockStub backup = BedrockStub.answering("backup")) {
            ConfigFile config = ConfigFile.create()
                    .comment("The app calls Claude through InvokeModel on 'bedrock'; 'backup' is another Bedrock region.")
                    .set("provider.bedrock.url", bedrock.baseUrl())
                    .set("provider.bedrock.protocol", "bedrock")
                    .set("provider.backup.url", backup.baseUrl())
                    .set("provider.backup.protocol", "bedrock")
                    .set("provider.backup.auth", "sigv4")
                    .set("provider.backup.region", "us-west-2")
                    .set("provider.backup.model.*", BACKUP_MODEL)
                    .set("route.main.match", "bedrock")
                    .set("route.main.chain", "bedrock, backup");
            AppOutput output = run(bedrock, config, mode);

            assertCallOneAnswered("backup", backup.content(), backup.chunks(), stream, output);
            assertSignedInvokeModelCall(single(bedrock.requests(), output), stream, output);
            LoggedRequest sent = single(backup.requests(), output);
            JsonNode body = JSON.readTree(sent.getBodyAsString());
            assertAll(
                    () -> assertEquals("/model/us.anthropic.claude-haiku-4-5-20251001-v1%3A0/"
                            + (stream ? "invoke-with-response-stream" : "invoke"), sent.getUrl(), output::describe),
                    () -> assertTrue(sent.getHeader("Authorization").startsWith("AWS4-HMAC-SHA256 Credential=" + AGENT_ACCESS_KEY + "/"),
                            output::describe),
                    () -> assertTrue(sent.getHeader("Authorization").contains("/us-west-2/bedrock/aws4_request"), output::describe),
                    () -> assertEquals(AGENT_SESSION_TOKEN, sent.getHeader("X-Amz-Security-Token"), output::describe),
                    () -> assertEquals("bedrock-2023-05-31", body.path("anthropic_version").asText(), body::toString),
                    () -> assertFalse(body.has("model") || body.has("stream"), body::toString),
                    () -> assertEquals("Answer briefly.", body.path("system").asText(), body::toString));
        }
    }

    /** A step of protocol bedrock-anthropic is asked through InvokeModel, its answer translated for an OpenAI app. */
    @ParameterizedTest
    @ValueSource(strings = {"blocking", "stream"})
    void theOpenAiSdkIsServedByClaudeThroughInvokeModel(String mode) throws Exception {
        boolean stream = mode.equals("stream");
        try (StubProvider primary = StubProvider.answering("primary").failing(StubProvider.Failure.RATE_LIMITED);
                BedrockStub claude = BedrockStub.answering("claude")) {
            ConfigFile config = ConfigFile.create()
                    .comment("The app addresses 'primary' (OpenAI); 'claude' is Claude through Bedrock's InvokeModel.")
                    .set("provider.primary.url", primary.baseUrl())
                    .set("provider.primary.protocol", "openai")
                    .set("provider.claude.url", claude.baseUrl())
                    .set("provider.claude.protocol", "bedrock-anthropic")
                    .set("provider.claude.auth", "bearer")
                    .set("provider.claude.api-key", "${" + STEP_KEY_VARIABLE + "}")
                    .set("provider.claude.model.*", BACKUP_MODEL)
                    .set("route.main.match", "primary")
                    .set("route.main.chain", "primary, claude")
                    .set("translation.default-max-tokens", 512)
                    .set("timeout.first-byte", "5s");
            Path configFile = config.writeTo(workDir.resolve("llm-failover-invokemodel.properties"));
            AppOutput output = ChildJvm.of(OpenAiSdkFeaturesApp.class, workDir)
                    .args(primary.baseUrl(), "sk-app-openai-invokemodel", mode, "1")
                    .withAgent(configFile)
                    .env(STEP_KEY_VARIABLE, STEP_KEY)
                    .run();

            assertCallOneAnswered("claude", claude.content(), claude.chunks(), stream, output);
            LoggedRequest sent = single(claude.requests(), output);
            JsonNode body = JSON.readTree(sent.getBodyAsString());
            assertAll(
                    () -> assertEquals("/model/us.anthropic.claude-haiku-4-5-20251001-v1%3A0/"
                            + (stream ? "invoke-with-response-stream" : "invoke"), sent.getUrl(), output::describe),
                    () -> assertEquals("Bearer " + STEP_KEY, sent.getHeader("Authorization"), output::describe),
                    () -> assertEquals("bedrock-2023-05-31", body.path("anthropic_version").asText(), body::toString),
                    () -> assertFalse(body.has("model") || body.has("stream"), body::toString),
                    () -> assertEquals(512, body.path("max_tokens").asInt(), body::toString),
                    () -> assertEquals("Say hello", body.at("/messages/0/content/0/text").asText(), body::toString));
        }
    }

    private AppOutput run(BedrockStub bedrock, AnthropicStub anthropic, String mode) throws Exception {
        ConfigFile config = ConfigFile.create()
                .comment("The app calls Claude through InvokeModel on 'bedrock'; 'anthropic' is Anthropic's own API.")
                .set("provider.bedrock.url", bedrock.baseUrl())
                .set("provider.bedrock.protocol", "bedrock")
                .set("provider.anthropic.url", anthropic.baseUrl())
                .set("provider.anthropic.protocol", "anthropic")
                .set("provider.anthropic.api-key", "${" + STEP_KEY_VARIABLE + "}")
                .set("provider.anthropic.model.*", STEP_MODEL)
                .set("route.main.match", "bedrock")
                .set("route.main.chain", "bedrock, anthropic")
                .set("timeout.first-byte", "5s");
        return run(bedrock, config, mode);
    }

    /** The app on the SDK's Bedrock backend, addressing {@code bedrock}; the agent's own AWS identity in its environment. */
    private AppOutput run(BedrockStub bedrock, ConfigFile config, String mode) throws Exception {
        Path configFile = config.writeTo(workDir.resolve("llm-failover-invokemodel.properties"));
        return ChildJvm.of(AnthropicSdkApp.class, workDir)
                .args(bedrock.baseUrl(), APP_ACCESS_KEY, mode, "1")
                .withAgent(configFile)
                .env(AnthropicSdkApp.BEDROCK_VARIABLE, "us-east-1")
                .env(STEP_KEY_VARIABLE, STEP_KEY)
                .env("AWS_ACCESS_KEY_ID", AGENT_ACCESS_KEY)
                .env("AWS_SECRET_ACCESS_KEY", "agent-secret-invokemodel")
                .env("AWS_SESSION_TOKEN", AGENT_SESSION_TOKEN)
                .env("AWS_EC2_METADATA_DISABLED", "true")
                .run();
    }

    /**
     * The app read Anthropic's greeting, delta by delta when streaming; Anthropic got one Messages
     * call with the step's key and model, and nothing of the app's AWS identity.
     */
    private static void assertServedByAnthropic(AnthropicStub anthropic, boolean stream, AppOutput output) throws Exception {
        assertCallOneAnswered("anthropic", anthropic.content(), anthropic.chunks(), stream, output);
        LoggedRequest sent = single(anthropic.requests(), output);
        JsonNode body = JSON.readTree(sent.getBodyAsString());
        List<String> awsHeaders = sent.getHeaders().all().stream().map(HttpHeader::key)
                .filter(name -> name.toLowerCase(Locale.ROOT).startsWith("x-amz")).toList();
        assertAll(
                () -> assertEquals(STEP_KEY, sent.getHeader("x-api-key"), output::describe),
                () -> assertFalse(sent.containsHeader("Authorization"), output::describe),
                () -> assertEquals(List.of(), awsHeaders, output::describe),
                () -> assertFalse(sent.getBodyAsString().contains(APP_ACCESS_KEY), output::describe),
                () -> assertTrue(sent.containsHeader("anthropic-version"), output::describe),
                () -> assertEquals(STEP_MODEL, body.path("model").asText(), body::toString),
                () -> assertFalse(body.has("anthropic_version"), body::toString),
                () -> assertEquals(stream, body.path("stream").asBoolean(false), body::toString),
                () -> assertEquals("Answer briefly.", body.path("system").asText(), body::toString));
    }

    /** The app's own call reached Bedrock as the SDK made it: InvokeModel, signed with the app's credentials. */
    private static void assertSignedInvokeModelCall(LoggedRequest addressed, boolean stream, AppOutput output) throws Exception {
        JsonNode body = JSON.readTree(addressed.getBodyAsString());
        assertAll(
                () -> assertEquals("/model/claude-sonnet-4-5/" + (stream ? "invoke-with-response-stream" : "invoke"),
                        addressed.getUrl(), output::describe),
                () -> assertTrue(addressed.getHeader("Authorization").startsWith("AWS4-HMAC-SHA256 Credential=" + APP_ACCESS_KEY + "/"),
                        output::describe),
                () -> assertEquals(AnthropicSdkApp.BEDROCK_SESSION_TOKEN, addressed.getHeader("X-Amz-Security-Token"), output::describe),
                () -> assertTrue(body.path("anthropic_version").isTextual(), body::toString),
                () -> assertFalse(body.has("model"), body::toString));
    }
}
