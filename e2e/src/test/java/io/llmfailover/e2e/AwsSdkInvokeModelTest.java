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
import io.llmfailover.e2e.apps.BedrockInvokeModelApp;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An app on the AWS SDK for Java v2 calling Claude through InvokeModel with its own Anthropic body
 * (sync {@code invokeModel}, async {@code invokeModelWithResponseStream}): a throttled call is served
 * by Anthropic's API or by an OpenAI-compatible provider, and the SDK reads that answer as an
 * InvokeModel answer (its stream as event-stream chunks). The app's signature and session token
 * never leave the Bedrock host it addressed. The async client speaks HTTP/2 with prior knowledge (its
 * default for Bedrock Runtime), so every stub here speaks it too.
 */
class AwsSdkInvokeModelTest {

    private static final String APP_ACCESS_KEY = "AKIDAPPINVOKESDK0001";
    private static final String STEP_KEY = "sk-step-invokemodel-sdk-0123456789";
    private static final String STEP_KEY_VARIABLE = "E2E_STEP_KEY";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path workDir;

    @ParameterizedTest
    @ValueSource(strings = {"blocking", "stream"})
    void aThrottledInvokeModelCallIsServedByAnthropic(String mode) throws Exception {
        boolean stream = mode.equals("stream");
        try (BedrockStub bedrock = BedrockStub.answeringAlsoOverH2c("bedrock").throttled();
                AnthropicStub anthropic = AnthropicStub.alsoOverH2c("anthropic", false)) {
            AppOutput output = run(bedrock, anthropic.baseUrl(), "anthropic", mode);

            assertCallOneAnswered("step", anthropic.content(), anthropic.chunks(), stream, output);
            assertAppsOwnSignedCall(single(bedrock.requests(), output), stream, output);
            LoggedRequest sent = single(anthropic.requests(), output);
            JsonNode body = JSON.readTree(sent.getBodyAsString());
            assertAll(
                    () -> assertEquals(STEP_KEY, sent.getHeader("x-api-key"), output::describe),
                    () -> assertNoAwsIdentity(sent, output),
                    () -> assertEquals("step-model", body.path("model").asText(), body::toString),
                    () -> assertFalse(body.has("anthropic_version"), body::toString),
                    () -> assertEquals(stream, body.path("stream").asBoolean(false), body::toString),
                    () -> assertEquals("Answer briefly.", body.path("system").asText(), body::toString));
        }
    }

    @Test
    void anInvokeModelStreamThrottledInItsFirstEventIsServedByAnthropic() throws Exception {
        try (BedrockStub bedrock = BedrockStub.answeringAlsoOverH2c("bedrock").throttlingInTheFirstEvent();
                AnthropicStub anthropic = AnthropicStub.alsoOverH2c("anthropic", false)) {
            AppOutput output = run(bedrock, anthropic.baseUrl(), "anthropic", "stream");

            assertCallOneAnswered("step", anthropic.content(), anthropic.chunks(), true, output);
            assertAppsOwnSignedCall(single(bedrock.requests(), output), true, output);
            assertEquals(1, anthropic.requests().size(), output::describe);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"blocking", "stream"})
    void aThrottledInvokeModelCallIsServedByAnOpenAiCompatibleProvider(String mode) throws Exception {
        boolean stream = mode.equals("stream");
        try (BedrockStub bedrock = BedrockStub.answeringAlsoOverH2c("bedrock").throttled();
                StubProvider openai = StubProvider.answeringAlsoOverH2c("openai")) {
            AppOutput output = run(bedrock, openai.baseUrl(), "openai", mode);

            assertCallOneAnswered("step", openai.content(), openai.chunks(), stream, output);
            assertAppsOwnSignedCall(single(bedrock.requests(), output), stream, output);
            LoggedRequest sent = single(openai.chatRequests(), output);
            JsonNode body = JSON.readTree(sent.getBodyAsString());
            assertAll(
                    () -> assertEquals("Bearer " + STEP_KEY, sent.getHeader("Authorization"), output::describe),
                    () -> assertNoAwsIdentity(sent, output),
                    () -> assertEquals("step-model", body.path("model").asText(), body::toString),
                    () -> assertEquals("system", body.at("/messages/0/role").asText(), body::toString),
                    () -> assertEquals("Say hello", body.at("/messages/1/content").asText(), body::toString),
                    () -> assertEquals(stream, body.path("stream").asBoolean(false), body::toString));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"blocking", "stream"})
    void anAnsweredInvokeModelCallReachesTheAppAsBedrockSentIt(String mode) throws Exception {
        boolean stream = mode.equals("stream");
        try (BedrockStub bedrock = BedrockStub.answeringAlsoOverH2c("bedrock");
                AnthropicStub anthropic = AnthropicStub.alsoOverH2c("anthropic", false)) {
            AppOutput output = run(bedrock, anthropic.baseUrl(), "anthropic", mode);

            assertCallOneAnswered(null, bedrock.content(), null, false, output);
            assertAppsOwnSignedCall(single(bedrock.requests(), output), stream, output);
            assertEquals(List.of(), anthropic.requests(), output::describe);
        }
    }

    private AppOutput run(BedrockStub bedrock, String stepUrl, String stepProtocol, String mode) throws Exception {
        ConfigFile config = ConfigFile.create()
                .comment("The app calls Claude through the AWS SDK's InvokeModel on 'bedrock'; 'step' is the fallback.")
                .set("provider.bedrock.url", bedrock.baseUrl())
                .set("provider.bedrock.protocol", "bedrock")
                .set("provider.step.url", stepUrl)
                .set("provider.step.protocol", stepProtocol)
                .set("provider.step.api-key", "${" + STEP_KEY_VARIABLE + "}")
                .set("provider.step.model.*", "step-model")
                .set("route.main.match", "bedrock")
                .set("route.main.chain", "bedrock, step")
                .set("translation.default-max-tokens", 512)
                .set("timeout.first-byte", "5s");
        Path configFile = config.writeTo(workDir.resolve("llm-failover-invokemodel-sdk.properties"));
        return ChildJvm.of(BedrockInvokeModelApp.class, workDir)
                .args(bedrock.baseUrl(), APP_ACCESS_KEY + ":app-secret-invokemodel-sdk", mode, "1")
                .withAgent(configFile)
                .env(STEP_KEY_VARIABLE, STEP_KEY)
                .env("AWS_EC2_METADATA_DISABLED", "true")
                .run();
    }

    /** The app's own call reached Bedrock as the SDK made it: InvokeModel, signed with the app's credentials. */
    private static void assertAppsOwnSignedCall(LoggedRequest addressed, boolean stream, AppOutput output) throws Exception {
        JsonNode body = JSON.readTree(addressed.getBodyAsString());
        assertAll(
                () -> assertEquals("/model/anthropic.claude-3-5-haiku-20241022-v1%3A0/"
                        + (stream ? "invoke-with-response-stream" : "invoke"), addressed.getUrl(), output::describe),
                () -> assertTrue(addressed.getHeader("Authorization").startsWith("AWS4-HMAC-SHA256 Credential=" + APP_ACCESS_KEY + "/"),
                        output::describe),
                () -> assertEquals(BedrockInvokeModelApp.SESSION_TOKEN, addressed.getHeader("X-Amz-Security-Token"), output::describe),
                () -> assertEquals("bedrock-2023-05-31", body.path("anthropic_version").asText(), body::toString));
    }

    private static void assertNoAwsIdentity(LoggedRequest sent, AppOutput output) {
        List<String> awsHeaders = sent.getHeaders().all().stream().map(HttpHeader::key)
                .filter(name -> name.toLowerCase(Locale.ROOT).startsWith("x-amz")).toList();
        assertEquals(List.of(), awsHeaders, output::describe);
        String everything = sent.getHeaders().toString() + sent.getBodyAsString();
        assertFalse(everything.contains(APP_ACCESS_KEY) || everything.contains(BedrockInvokeModelApp.SESSION_TOKEN), output::describe);
    }
}
