package io.llmfailover.e2e;

import static io.llmfailover.e2e.AppAssertions.assertCompleted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import io.llmfailover.e2e.AppOutput.Result;
import io.llmfailover.e2e.apps.BedrockRuntimeApp;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The agent attached to an unmodified app on the AWS SDK for Java v2's Bedrock Runtime, on the SDK's
 * default HTTP clients ({@link BedrockRuntimeApp}): {@code BedrockRuntimeClient.converse},
 * {@code BedrockRuntimeAsyncClient.converse} and {@code converseStream}, SigV4-signed with static
 * session credentials, against loopback Bedrock stubs.
 */
class BedrockRuntimeSdkTest {

    /** The app's static credentials: {@code <access key id>:<secret key>:<session token>}. */
    private static final String APP_CREDENTIALS = "AKIDAPPE2E0123456789:app-secret-e2e:app-session-token-e2e";
    private static final String APP_SESSION_TOKEN = "app-session-token-e2e";
    /** The agent's own AWS credentials, from the child's environment (the AWS default chain). */
    private static final String AGENT_ACCESS_KEY = "AKIDAGENTE2E01234567";
    private static final String AGENT_SESSION_TOKEN = "agent-session-token-e2e";
    private static final String OTHER_KEY = "sk-other-e2e-0123456789";

    /** The three ways the app calls Bedrock. */
    enum Call {
        SYNC_CONVERSE("blocking", "sync"),
        ASYNC_CONVERSE("blocking", "async"),
        ASYNC_CONVERSE_STREAM("stream", "async");

        final String mode;
        final String client;

        Call(String mode, String client) {
            this.mode = mode;
            this.client = client;
        }

        boolean streams() {
            return mode.equals("stream");
        }
    }

    @TempDir
    Path workDir;

    private BedrockStub primary;
    private BedrockStub backup;
    private StubProvider other;

    @BeforeEach
    void startProviders() {
        primary = BedrockStub.answeringAlsoOverH2c("primary");
        backup = BedrockStub.answeringAlsoOverH2c("backup");
        other = StubProvider.answeringAlsoOverH2c("other");
    }

    @AfterEach
    void stopProviders() {
        primary.close();
        backup.close();
        other.close();
    }

    /**
     * With the agent attached and a provider configured elsewhere, every call type reaches Bedrock
     * as the SDK made it (signed, its session token along) and the SDK reads Bedrock's answer,
     * JSON or event stream, as it would without the agent.
     */
    @ParameterizedTest
    @EnumSource(Call.class)
    void aCallToBedrockThatTheAgentDoesNotGovernIsAnsweredAsWithoutTheAgent(Call call) throws Exception {
        ConfigFile config = ConfigFile.create()
                .comment("A provider elsewhere: the app's Bedrock calls are not the agent's.")
                .set("provider.other.url", other.baseUrl())
                .set("provider.other.protocol", "openai")
                .set("route.main.match", "other")
                .set("route.main.chain", "other");

        AppOutput output = run(call, primary.baseUrl(), config, "2");

        assertCompleted(output);
        assertAnsweredBy(primary, call, output, 1, 2);
        List<LoggedRequest> received = primary.requests();
        assertEquals(2, received.size(), output::describe);
        for (LoggedRequest request : received) {
            assertTrue(request.getHeader("Authorization").startsWith("AWS4-HMAC-SHA256 Credential=AKIDAPPE2E0123456789/"),
                    output::describe);
            assertEquals(APP_SESSION_TOKEN, request.getHeader("X-Amz-Security-Token"), output::describe);
            assertTrue(request.getUrl().endsWith(call.streams() ? "/converse-stream" : "/converse"), request.getUrl());
        }
        assertEquals(0, other.allRequests().size(), output::describe);
    }

    /**
     * Bedrock answers 429 ThrottlingException: the call is answered by another region's Bedrock,
     * signed with the agent's own credentials (the AWS default chain: here the child's environment);
     * the app's signature and session token never leave the host the app addressed.
     */
    @ParameterizedTest
    @EnumSource(Call.class)
    void aThrottledPrimaryIsServedByAnotherBedrockSignedWithTheAgentsOwnCredentials(Call call) throws Exception {
        primary.throttled();

        AppOutput output = run(call, primary.baseUrl(), bedrockFallback(primary.baseUrl()), "2");

        assertCompleted(output);
        assertAnsweredBy(backup, call, output, 1, 2);
        assertEquals(2, primary.requests().size(), output::describe);
        assertEquals(APP_SESSION_TOKEN, primary.requests().get(0).getHeader("X-Amz-Security-Token"), output::describe);
        assertEquals(2, backup.requests().size(), output::describe);
        for (LoggedRequest sent : backup.requests()) {
            assertSignedByTheAgent(sent, output);
        }
    }

    /** A 400 ValidationException is the caller's: it reaches the SDK as its own exception and is never failed over. */
    @ParameterizedTest
    @EnumSource(Call.class)
    void aValidationExceptionReachesTheSdkAsItsOwnAndIsNeverFailedOver(Call call) throws Exception {
        primary.rejectingAsInvalid();

        AppOutput output = run(call, primary.baseUrl(), bedrockFallback(primary.baseUrl()), "1");

        assertCompleted(output);
        assertTrue(output.results().isEmpty(), output::describe);
        AppOutput.Error error = output.errors().get(0);
        assertEquals("ValidationException", error.type(), output::describe);
        assertEquals("400", error.status(), output::describe);
        assertTrue(error.body().contains(BedrockStub.INVALID), output::describe);
        assertEquals(1, primary.requests().size(), output::describe);
        assertEquals(0, backup.requests().size(), output::describe);
    }

    /** The app's Bedrock endpoint has nothing listening: the other Bedrock answers. */
    @ParameterizedTest
    @EnumSource(Call.class)
    void aPrimaryWithNothingListeningIsServedByTheBackup(Call call) throws Exception {
        String deadUrl = "http://127.0.0.1:" + DeadPort.allocate();
        ConfigFile config = bedrockFallback(deadUrl);

        AppOutput output = run(call, deadUrl, config, "1");

        assertCompleted(output);
        assertAnsweredBy(backup, call, output, 1);
        assertSignedByTheAgent(backup.requests().get(0), output);
    }

    /** The app's Bedrock sends no head within the agent's deadline: the attempt is cut, the other Bedrock answers. */
    @ParameterizedTest
    @EnumSource(Call.class)
    void aPrimaryThatSendsNoHeadInTimeIsServedByTheBackup(Call call) throws Exception {
        primary.answeringAfter(Duration.ofSeconds(4));
        ConfigFile config = bedrockFallback(primary.baseUrl()).set("timeout.first-byte", "1s").set("timeout.head", "1s");

        AppOutput output = run(call, primary.baseUrl(), config, "1");

        assertCompleted(output);
        assertAnsweredBy(backup, call, output, 1);
        assertEquals(1, primary.requests().size(), output::describe);
    }

    /** A stream that opens with a 200 and a throttlingException as its first message fails over before the app reads anything. */
    @Test
    void aStreamThrottledInItsFirstEventIsServedByAnotherBedrock() throws Exception {
        primary.throttlingInTheFirstEvent();

        AppOutput output = run(Call.ASYNC_CONVERSE_STREAM, primary.baseUrl(), bedrockFallback(primary.baseUrl()), "1");

        assertCompleted(output);
        assertAnsweredBy(backup, Call.ASYNC_CONVERSE_STREAM, output, 1);
        assertEquals(1, primary.requests().size(), output::describe);
        assertSignedByTheAgent(backup.requests().get(0), output);
    }

    /**
     * Bedrock answers 429: an OpenAI-protocol provider answers, translated into Converse JSON or its
     * event stream. The async client speaks HTTP/2 with prior knowledge (its default for Bedrock
     * Runtime), and its attempts go through it: this OpenAI stub speaks that too (docs/clients.md,
     * AWS SDK).
     */
    @ParameterizedTest
    @EnumSource(Call.class)
    void aThrottledPrimaryIsServedByAnOpenAiProviderThroughTranslation(Call call) throws Exception {
        primary.throttled();
        ConfigFile config = ConfigFile.create()
                .comment("The app addresses 'primary' (Bedrock); 'other' speaks OpenAI's protocol, with its own key.")
                .set("provider.primary.url", primary.baseUrl())
                .set("provider.primary.protocol", "bedrock")
                .set("provider.other.url", other.baseUrl())
                .set("provider.other.protocol", "openai")
                .set("provider.other.api-key", OTHER_KEY)
                .set("provider.other.model.*", "gpt-4o-mini")
                .set("route.main.match", "primary")
                .set("route.main.chain", "primary, other");

        AppOutput output = run(call, primary.baseUrl(), config, "1");

        assertCompleted(output);
        Result result = output.result(1).orElseThrow(() -> new AssertionError("no result" + output.describe()));
        assertEquals(200, result.status(), output::describe);
        assertEquals(other.content(), result.content(), output::describe);
        if (call.streams()) {
            assertEquals(other.chunks(), output.chunks(1), output::describe);
        }
        LoggedRequest sent = other.chatRequests().get(0);
        assertEquals("Bearer " + OTHER_KEY, sent.getHeader("Authorization"), output::describe);
        assertFalse(sent.containsHeader("X-Amz-Security-Token"), output::describe);
        assertFalse(sent.containsHeader("X-Amz-Date"), output::describe);
    }

    /** Two Bedrock providers: the app addresses {@code primary}; {@code backup} is signed with the agent's credentials. */
    private ConfigFile bedrockFallback(String primaryUrl) {
        return ConfigFile.create()
                .comment("The app addresses 'primary'; 'backup' is another Bedrock, reached with the agent's own identity.")
                .set("provider.primary.url", primaryUrl)
                .set("provider.primary.protocol", "bedrock")
                .set("provider.backup.url", backup.baseUrl())
                .set("provider.backup.protocol", "bedrock")
                .set("provider.backup.auth", "sigv4")
                .set("provider.backup.region", "us-west-2")
                .set("route.main.match", "primary")
                .set("route.main.chain", "primary, backup");
    }

    private static void assertSignedByTheAgent(LoggedRequest sent, AppOutput output) {
        assertTrue(sent.getHeader("Authorization").startsWith("AWS4-HMAC-SHA256 Credential=" + AGENT_ACCESS_KEY + "/"),
                () -> sent.getHeader("Authorization") + output.describe());
        assertTrue(sent.getHeader("Authorization").contains("/us-west-2/bedrock/aws4_request"), output::describe);
        assertEquals(AGENT_SESSION_TOKEN, sent.getHeader("X-Amz-Security-Token"), output::describe);
        assertFalse(sent.getBodyAsString().contains(APP_SESSION_TOKEN), output::describe);
    }

    private AppOutput run(Call call, String endpoint, ConfigFile config, String plan) throws Exception {
        Path configFile = config.writeTo(workDir.resolve("llm-failover-bedrock.properties"));
        return ChildJvm.of(BedrockRuntimeApp.class, workDir)
                .args(endpoint, APP_CREDENTIALS, call.mode, plan)
                .jvmArg("-D" + BedrockRuntimeApp.CLIENT_PROPERTY + "=" + call.client)
                .withAgent(configFile)
                .env("AWS_ACCESS_KEY_ID", AGENT_ACCESS_KEY)
                .env("AWS_SECRET_ACCESS_KEY", "agent-secret-e2e")
                .env("AWS_SESSION_TOKEN", AGENT_SESSION_TOKEN)
                .env("AWS_EC2_METADATA_DISABLED", "true")
                .run();
    }

    /** The given calls succeeded with exactly what {@code stub} sends, delta by delta when streaming. */
    private static void assertAnsweredBy(BedrockStub stub, Call call, AppOutput output, int... calls) {
        for (int number : calls) {
            Result result = output.result(number).orElseThrow(
                    () -> new AssertionError("call " + number + " has no result" + output.describe()));
            assertEquals(200, result.status(), () -> "status of call " + number + output.describe());
            assertEquals(stub.content(), result.content(), () -> "content of call " + number + output.describe());
            if (call.streams()) {
                assertEquals(stub.chunks(), output.chunks(number), () -> "deltas of call " + number + output.describe());
            }
        }
    }
}
