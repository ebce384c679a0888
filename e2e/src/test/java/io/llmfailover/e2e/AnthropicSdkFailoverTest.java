package io.llmfailover.e2e;

import static io.llmfailover.e2e.AppAssertions.assertCompleted;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import io.llmfailover.e2e.AnthropicStub.Failure;
import io.llmfailover.e2e.AppOutput.Error;
import io.llmfailover.e2e.AppOutput.Result;
import io.llmfailover.e2e.apps.AnthropicSdkApp;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The agent attached to an unmodified app on the official Anthropic Java SDK (OkHttp underneath),
 * blocking and streaming, with two Anthropic-protocol providers: the app addresses {@code primary};
 * the agent fails over to {@code backup} as the contract says, and the SDK sees ordinary answers
 * and its own exception types.
 */
class AnthropicSdkFailoverTest {

    private static final String APP_KEY = "sk-ant-app-e2e-0123456789";
    private static final String BACKUP_KEY = "sk-ant-backup-e2e-9876543210";
    private static final String BACKUP_KEY_VARIABLE = "E2E_BACKUP_KEY";
    private static final String BACKUP_MODEL = "backup-model";

    @TempDir
    Path workDir;

    private AnthropicStub primary;
    private AnthropicStub backup;

    @BeforeEach
    void startProviders() {
        primary = AnthropicStub.answering("primary");
        backup = AnthropicStub.answering("backup");
    }

    @AfterEach
    void stopProviders() {
        primary.close();
        backup.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"blocking", "stream"})
    void aHealthyPrimaryAnswersUnchangedAndTheBackupGetsNothing(String mode) throws Exception {
        AppOutput output = run(mode, primary.rootUrl(), config(primary.baseUrl(), "5s"), "2");

        assertCompleted(output);
        assertAnsweredBy(primary, mode, output, 1, 2);
        assertEquals(2, primary.requests().size(), output::describe);
        assertEquals(0, backup.requests().size(), output::describe);
        assertEquals(APP_KEY, AnthropicStub.apiKeyOf(primary.requests().get(0)), output::describe);
    }

    /** The streaming run is the streaming call failed over at the head. */
    @ParameterizedTest
    @ValueSource(strings = {"blocking", "stream"})
    void aRateLimitedPrimaryIsLeftAloneUntilItsRetryAfterEnds(String mode) throws Exception {
        primary.rateLimited(Duration.ofSeconds(2));

        // Three calls well inside the 2 s silence, then one after it.
        AppOutput output = run(mode, primary.rootUrl(), config(primary.baseUrl(), "5s"), "3,pause:2500,1");

        assertCompleted(output);
        assertAnsweredBy(backup, mode, output, 1, 2, 3, 4);
        assertEquals(4, backup.requests().size(), output::describe);
        assertEquals(2, primary.requests().size(), "one refusal, then one call after the silence" + output.describe());
    }

    @ParameterizedTest
    @ValueSource(strings = {"blocking", "stream"})
    void anOverloadedPrimaryIsServedByTheBackupWithItsOwnKeyAndModel(String mode) throws Exception {
        primary.failing(Failure.OVERLOADED);

        AppOutput output = run(mode, primary.rootUrl(), config(primary.baseUrl(), "5s"), "1");

        assertCompleted(output);
        assertAnsweredBy(backup, mode, output, 1);
        assertEquals(APP_KEY, AnthropicStub.apiKeyOf(single(primary.requests(), output)), output::describe);
        LoggedRequest sent = single(backup.requests(), output);
        StringBuilder everything = new StringBuilder(sent.getUrl()).append(sent.getBodyAsString());
        sent.getAllHeaderKeys().forEach(name -> everything.append(sent.getHeaders().getHeader(name).values()));
        assertAll(
                () -> assertEquals(BACKUP_KEY, sent.getHeader("x-api-key"), () -> sent.getAllHeaderKeys() + output.describe()),
                () -> assertNull(sent.getHeader("Authorization"), "a second credential reached the backup"),
                () -> assertFalse(everything.toString().contains(APP_KEY), "the app's key reached the backup"),
                () -> assertTrue(sent.getBodyAsString().contains("\"" + BACKUP_MODEL + "\""),
                        "the backup's model replaces the app's: " + sent.getBodyAsString()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"blocking", "stream"})
    void aPrimaryWithNothingListeningIsServedByTheBackup(String mode) throws Exception {
        String deadRoot = "http://127.0.0.1:" + DeadPort.allocate();

        AppOutput output = run(mode, deadRoot, config(deadRoot + "/v1", "5s"), "2");

        assertCompleted(output);
        assertAnsweredBy(backup, mode, output, 1, 2);
        assertEquals(2, backup.requests().size(), output::describe);
    }

    @ParameterizedTest
    @ValueSource(strings = {"blocking", "stream"})
    void aBadRequestReachesTheSdkAsItsOwnExceptionAndIsNeverFailedOver(String mode) throws Exception {
        primary.failing(Failure.BAD_REQUEST);

        AppOutput output = run(mode, primary.rootUrl(), config(primary.baseUrl(), "5s"), "1");

        assertCompleted(output);
        assertTrue(output.results().isEmpty(), output::describe);
        Error error = single(output.errors(), output);
        assertAll(
                () -> assertEquals("BadRequestException", error.type(), output::describe),
                () -> assertEquals("400", error.status(), output::describe),
                () -> assertEquals(Failure.BAD_REQUEST.type, error.code(), output::describe),
                () -> assertTrue(error.body().contains("rejects the request on purpose"), output::describe));
        assertEquals(1, primary.requests().size(), output::describe);
        assertEquals(0, backup.requests().size(), output::describe);
    }

    @ParameterizedTest
    @ValueSource(strings = {"blocking", "stream"})
    void aPrimaryThatSendsNoHeadWithinTheFirstContentDeadlineIsServedByTheBackup(String mode) throws Exception {
        primary.answeringAfter(Duration.ofSeconds(3));

        AppOutput output = run(mode, primary.rootUrl(), config(primary.baseUrl(), "1s"), "1");

        assertCompleted(output);
        assertAnsweredBy(backup, mode, output, 1);
        assertEquals(1, primary.requests().size(), output::describe);
        assertEquals(1, backup.requests().size(), output::describe);
    }

    /**
     * Once text has reached the app the call is committed: the runtime ends the broken stream with
     * an Anthropic {@code event: error}, which the SDK raises; nothing is replayed elsewhere.
     */
    @Test
    void aStreamThatBreaksAfterItsFirstEventsEndsInAnSdkErrorAndIsNeverReplayed() throws Exception {
        try (BreakingStreamProvider breaking = BreakingStreamProvider.startAnthropic()) {
            AppOutput output = run("stream", breaking.rootUrl(), config(breaking.baseUrl(), "5s"), "1");

            assertCompleted(output);
            assertEquals(breaking.chunksBeforeBreak(), output.chunks(1), "the text before the break, once" + output.describe());
            assertTrue(output.result(1).isEmpty(), () -> "a broken stream was reported as a success" + output.describe());
            Error error = single(output.errors(), output);
            assertEquals(BROKEN_STREAM_ERROR, error.type(), output::describe);
            assertEquals(1, breaking.requests(), output::describe);
            assertEquals(0, backup.requests().size(), output::describe);
        }
    }

    /** What anthropic-java raises for an {@code event: error} in a stream. */
    private static final String BROKEN_STREAM_ERROR = "SseException";

    private AppOutput run(String mode, String appRootUrl, ConfigFile config, String plan) throws Exception {
        Path configFile = config.writeTo(workDir.resolve("llm-failover-anthropic.properties"));
        return ChildJvm.of(AnthropicSdkApp.class, workDir)
                .args(appRootUrl, APP_KEY, mode, plan)
                .withAgent(configFile)
                .env(BACKUP_KEY_VARIABLE, BACKUP_KEY)
                .run();
    }

    /** Two Anthropic providers: the app addresses {@code primary}; {@code backup} has its own key and model. */
    private ConfigFile config(String primaryUrl, String firstContentDeadline) {
        return ConfigFile.create()
                .comment("The app addresses 'primary'; 'backup' is where its calls fall over to.")
                .set("provider.primary.url", primaryUrl)
                .set("provider.primary.protocol", "anthropic")
                .set("provider.backup.url", backup.baseUrl())
                .set("provider.backup.protocol", "anthropic")
                .set("provider.backup.api-key", "${" + BACKUP_KEY_VARIABLE + "}")
                .set("provider.backup.model.*", BACKUP_MODEL)
                .set("route.main.match", "primary")
                .set("route.main.chain", "primary, backup")
                .set("timeout.first-byte", firstContentDeadline)
                // A blocking call's head only comes after the whole answer: its own deadline.
                .set("timeout.head", firstContentDeadline);
    }

    /** The given calls succeeded with exactly what {@code stub} sends, delta by delta when streaming. */
    private static void assertAnsweredBy(AnthropicStub stub, String mode, AppOutput output, int... calls) {
        for (int call : calls) {
            Result result = output.result(call).orElseThrow(
                    () -> new AssertionError("call " + call + " has no result" + output.describe()));
            assertEquals(200, result.status(), () -> "status of call " + call + output.describe());
            assertEquals(stub.content(), result.content(), () -> "content of call " + call + output.describe());
            if (mode.equals("stream")) {
                assertEquals(stub.chunks(), output.chunks(call), () -> "deltas of call " + call + output.describe());
            }
            if (stub.name().equals("backup")) {
                assertEquals("backup", result.provider(), () -> "x-llm-failover-provider of call " + call + output.describe());
            }
        }
    }

    private static <T> T single(List<T> items, AppOutput output) {
        assertEquals(1, items.size(), () -> "expected exactly one of " + items + output.describe());
        return items.get(0);
    }
}
