package io.llmfailover.e2e;

import static io.llmfailover.e2e.AppAssertions.assertCompleted;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import io.llmfailover.e2e.AppOutput.Result;
import io.llmfailover.e2e.apps.GoogleGenAiSdkApp;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
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
        AppOutput output = run(mode);

        assertCompleted(output);
        assertAnsweredBy(primary, mode, output);
        LoggedRequest sent = single(primary.requests(), output);
        assertEquals(APP_KEY, sent.getHeader("x-goog-api-key"), output::describe);
        assertEquals(0, backup.requests().size(), output::describe);
    }

    /** The streaming run is a {@code generateContentStream} call failed over at the head. */
    @ParameterizedTest
    @ValueSource(strings = {"blocking", "stream"})
    void aRateLimitedPrimaryIsServedByTheBackupWithItsOwnKey(String mode) throws Exception {
        primary.failing(GeminiStub.Failure.RESOURCE_EXHAUSTED);

        AppOutput output = run(mode);

        assertCompleted(output);
        assertAnsweredBy(backup, mode, output);
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

    private AppOutput run(String mode) throws Exception {
        Path configFile = ConfigFile.create()
                .comment("The app addresses 'primary'; 'backup' is where its calls fall over to.")
                .set("provider.primary.url", primary.baseUrl())
                .set("provider.primary.protocol", "gemini")
                .set("provider.backup.url", backup.baseUrl())
                .set("provider.backup.protocol", "gemini")
                .set("provider.backup.api-key", "${" + BACKUP_KEY_VARIABLE + "}")
                .set("route.main.match", "primary")
                .set("route.main.chain", "primary, backup")
                .set("timeout.first-byte", "5s")
                .writeTo(workDir.resolve("llm-failover-genai.properties"));
        return ChildJvm.of(GoogleGenAiSdkApp.class, workDir)
                .args(primary.rootUrl(), APP_KEY, mode, "1")
                .withAgent(configFile)
                .env(BACKUP_KEY_VARIABLE, BACKUP_KEY)
                .run();
    }

    private static void assertAnsweredBy(GeminiStub stub, String mode, AppOutput output) {
        Result result = output.result(1).orElseThrow(() -> new AssertionError("call 1 has no result" + output.describe()));
        assertEquals(stub.content(), result.content(), output::describe);
        if (mode.equals("stream")) {
            assertEquals(stub.chunks(), output.chunks(1), output::describe);
        }
        assertTrue(output.errors().isEmpty(), output::describe);
    }

    private static <T> T single(List<T> items, AppOutput output) {
        assertEquals(1, items.size(), () -> "expected exactly one of " + items + output.describe());
        return items.get(0);
    }
}
