package io.llmfailover.e2e;

import static io.llmfailover.e2e.AppAssertions.assertCompleted;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import io.llmfailover.e2e.AppOutput.Error;
import io.llmfailover.e2e.AppOutput.Result;
import io.llmfailover.e2e.GeminiStub.Failure;
import io.llmfailover.e2e.apps.GoogleGenAiSdkApp;
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
 * The agent attached to an unmodified app on Google's Gen AI SDK (Gemini Developer API, OkHttp
 * underneath; {@code generateContent} and {@code generateContentStream}), its base URL pointed at
 * a loopback Gemini-protocol stub, falling over to another Gemini-protocol provider.
 */
class GoogleGenAiSdkFailoverTest {

    private static final String APP_KEY = "AIza-app-e2e-0123456789";
    private static final String BACKUP_KEY = "AIza-backup-e2e-9876543210";
    private static final String BACKUP_KEY_VARIABLE = "E2E_BACKUP_KEY";

    @TempDir
    Path workDir;

    private GeminiStub primary;
    private GeminiStub backup;

    @BeforeEach
    void startProviders() {
        primary = GeminiStub.answering("primary");
        backup = GeminiStub.answering("backup");
    }

    @AfterEach
    void stopProviders() {
        primary.close();
        backup.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"blocking", "stream"})
    void aHealthyPrimaryAnswersUnchangedAndTheBackupGetsNothing(String mode) throws Exception {
        AppOutput output = run(mode, primary.rootUrl(), config(primary.baseUrl(), "5s"), "1");

        assertCompleted(output);
        assertAnsweredBy(primary, mode, output, 1);
        LoggedRequest sent = single(primary.requests(), output);
        assertEquals(APP_KEY, sent.getHeader("x-goog-api-key"), output::describe);
        assertEquals(0, backup.requests().size(), output::describe);
    }

    /** The streaming run is a {@code generateContentStream} call failed over at the head. */
    @ParameterizedTest
    @ValueSource(strings = {"blocking", "stream"})
    void aRateLimitedPrimaryIsServedByTheBackupWithItsOwnKey(String mode) throws Exception {
        primary.failing(Failure.RESOURCE_EXHAUSTED);

        AppOutput output = run(mode, primary.rootUrl(), config(primary.baseUrl(), "5s"), "1");

        assertCompleted(output);
        assertAnsweredBy(backup, mode, output, 1);
        assertEquals("backup", output.result(1).map(Result::provider).orElse(null),
                () -> "x-llm-failover-provider" + output.describe());
        assertEquals(1, primary.requests().size(), output::describe);
        LoggedRequest sent = single(backup.requests(), output);
        StringBuilder everything = new StringBuilder(sent.getUrl()).append(sent.getBodyAsString());
        sent.getAllHeaderKeys().forEach(name -> everything.append(sent.getHeaders().getHeader(name).values()));
        assertAll(
                () -> assertEquals(BACKUP_KEY, sent.getHeader("x-goog-api-key"), () -> sent.getAllHeaderKeys() + output.describe()),
                () -> assertFalse(everything.toString().contains(APP_KEY), "the app's key reached the backup"),
                () -> assertEquals(mode.equals("stream"), sent.getUrl().contains(":streamGenerateContent"), sent::getUrl));
    }

    @ParameterizedTest
    @ValueSource(strings = {"blocking", "stream"})
    void aPrimaryWithNothingListeningIsServedByTheBackup(String mode) throws Exception {
        String deadRoot = "http://127.0.0.1:" + DeadPort.allocate();

        AppOutput output = run(mode, deadRoot, config(deadRoot + "/v1beta", "5s"), "2");

        assertCompleted(output);
        assertAnsweredBy(backup, mode, output, 1, 2);
        assertEquals(2, backup.requests().size(), output::describe);
    }

    @ParameterizedTest
    @ValueSource(strings = {"blocking", "stream"})
    void aBadRequestReachesTheSdkAsItsOwnExceptionAndIsNeverFailedOver(String mode) throws Exception {
        primary.failing(Failure.INVALID_ARGUMENT);

        AppOutput output = run(mode, primary.rootUrl(), config(primary.baseUrl(), "5s"), "1");

        assertCompleted(output);
        assertTrue(output.results().isEmpty(), output::describe);
        Error error = single(output.errors(), output);
        assertAll(
                () -> assertEquals("ClientException", error.type(), output::describe),
                () -> assertEquals("400", error.status(), output::describe),
                () -> assertEquals(Failure.INVALID_ARGUMENT.statusName, error.code(), output::describe),
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
     * a Gemini {@code data: {"error":...}} frame (500, {@code INTERNAL}) and then the break; the SDK
     * raises the frame as its {@code ServerException}, and nothing is replayed elsewhere.
     */
    @Test
    void aStreamThatBreaksAfterItsFirstChunksEndsInAnSdkErrorAndIsNeverReplayed() throws Exception {
        try (BreakingStreamProvider breaking = BreakingStreamProvider.startGemini()) {
            AppOutput output = run("stream", breaking.rootUrl(), config(breaking.baseUrl(), "5s"), "1");

            assertCompleted(output);
            assertEquals(breaking.chunksBeforeBreak(), output.chunks(1), "the text before the break, once" + output.describe());
            assertTrue(output.result(1).isEmpty(), () -> "a broken stream was reported as a success" + output.describe());
            Error error = single(output.errors(), output);
            assertAll(
                    () -> assertEquals("ServerException", error.type(), output::describe),
                    () -> assertEquals("500", error.status(), output::describe),
                    () -> assertEquals("INTERNAL", error.code(), output::describe));
            assertEquals(1, breaking.requests(), output::describe);
            assertEquals(0, backup.requests().size(), output::describe);
        }
    }

    private AppOutput run(String mode, String appRootUrl, ConfigFile config, String plan) throws Exception {
        Path configFile = config.writeTo(workDir.resolve("llm-failover-genai.properties"));
        return ChildJvm.of(GoogleGenAiSdkApp.class, workDir)
                .args(appRootUrl, APP_KEY, mode, plan)
                .withAgent(configFile)
                .env(BACKUP_KEY_VARIABLE, BACKUP_KEY)
                .run();
    }

    /** Two Gemini providers: the app addresses {@code primary}; {@code backup} has its own key. */
    private ConfigFile config(String primaryUrl, String firstContentDeadline) {
        return ConfigFile.create()
                .comment("The app addresses 'primary'; 'backup' is where its calls fall over to.")
                .set("provider.primary.url", primaryUrl)
                .set("provider.primary.protocol", "gemini")
                .set("provider.backup.url", backup.baseUrl())
                .set("provider.backup.protocol", "gemini")
                .set("provider.backup.api-key", "${" + BACKUP_KEY_VARIABLE + "}")
                .set("route.main.match", "primary")
                .set("route.main.chain", "primary, backup")
                .set("timeout.first-byte", firstContentDeadline)
                // A blocking call's head only comes after the whole answer: its own deadline.
                .set("timeout.head", firstContentDeadline);
    }

    /** The given calls succeeded with exactly what {@code stub} sends, chunk by chunk when streaming. */
    private static void assertAnsweredBy(GeminiStub stub, String mode, AppOutput output, int... calls) {
        for (int call : calls) {
            Result result = output.result(call).orElseThrow(
                    () -> new AssertionError("call " + call + " has no result" + output.describe()));
            assertEquals(stub.content(), result.content(), () -> "content of call " + call + output.describe());
            if (mode.equals("stream")) {
                assertEquals(stub.chunks(), output.chunks(call), () -> "chunks of call " + call + output.describe());
            }
            if (stub.name().equals("backup")) {
                assertEquals("backup", result.provider(), () -> "x-llm-failover-provider of call " + call + output.describe());
            }
        }
        assertTrue(output.errors().isEmpty(), output::describe);
    }

    private static <T> T single(List<T> items, AppOutput output) {
        assertEquals(1, items.size(), () -> "expected exactly one of " + items + output.describe());
        return items.get(0);
    }
}
