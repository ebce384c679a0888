package io.llmfailover.e2e;

import static io.llmfailover.e2e.AppAssertions.assertCompleted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import io.llmfailover.e2e.AppOutput.Result;
import io.llmfailover.e2e.apps.BedrockRuntimeApp;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
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
    private StubProvider other;

    @BeforeEach
    void startProviders() {
        primary = BedrockStub.answering("primary");
        other = StubProvider.answering("other");
    }

    @AfterEach
    void stopProviders() {
        primary.close();
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

        AppOutput output = run(call, primary.url(), config, "2");

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

    private AppOutput run(Call call, String endpoint, ConfigFile config, String plan) throws Exception {
        Path configFile = config.writeTo(workDir.resolve("llm-failover-bedrock.properties"));
        return ChildJvm.of(BedrockRuntimeApp.class, workDir)
                .args(endpoint, APP_CREDENTIALS, call.mode, plan)
                .jvmArg("-D" + BedrockRuntimeApp.CLIENT_PROPERTY + "=" + call.client)
                .withAgent(configFile)
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
