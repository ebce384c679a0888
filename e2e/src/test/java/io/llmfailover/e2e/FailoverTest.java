package io.llmfailover.e2e;

import static io.llmfailover.e2e.AppAssertions.assertAppCredential;
import static io.llmfailover.e2e.AppAssertions.assertAnsweredBy;
import static io.llmfailover.e2e.AppAssertions.assertCompleted;
import static io.llmfailover.e2e.AppAssertions.assertMarkedAsServedBy;
import static io.llmfailover.e2e.AppAssertions.assertRequestCount;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import io.llmfailover.e2e.StubProvider.Failure;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The agent attached to unmodified apps (OpenAI SDK, JDK HttpClient, HttpURLConnection, Apache
 * HttpClient 5 and 4; blocking and streaming): the app addresses provider {@code primary}; the agent
 * fails over to {@code backup} as the contract says. What happens over several calls lives here
 * (silences, the breaker's cycle, credentials); each single fault is a cell of {@link FaultMatrixTest}.
 */
@Execution(ExecutionMode.CONCURRENT) // its tests share nothing: they take both threads when free
class FailoverTest {

    private static final String APP_KEY = "sk-app-e2e-0123456789";
    private static final String BACKUP_KEY = "sk-backup-e2e-9876543210";
    private static final String BACKUP_KEY_VARIABLE = "E2E_BACKUP_KEY";
    private static final String BACKUP_MODEL = "backup-model";

    @TempDir
    Path workDir;

    private StubProvider primary;
    private StubProvider backup;

    @BeforeEach
    void startProviders() {
        primary = StubProvider.answering("primary");
        backup = StubProvider.answering("backup");
    }

    @AfterEach
    void stopProviders() {
        primary.close();
        backup.close();
    }

    @ParameterizedTest
    @MethodSource("io.llmfailover.e2e.ClientCall#openAiChat")
    void aHealthyPrimaryAnswersUnchangedAndTheBackupGetsNothing(ClientCall client) throws Exception {
        AppOutput output = run(client, primary.baseUrl(), "2");

        assertCompleted(output);
        assertAnsweredBy(primary, client, output, 1, 2);
        assertRequestCount(2, primary, output);
        assertRequestCount(0, backup, output);
        assertAppCredential(client, APP_KEY, primary.chatRequests().get(0), output);
    }

    @ParameterizedTest
    @MethodSource("io.llmfailover.e2e.ClientCall#openAiChat")
    void aRateLimitedPrimaryIsLeftAloneUntilItsRetryAfterEnds(ClientCall client) throws Exception {
        primary.rateLimited(Duration.ofSeconds(2));

        // Four calls well inside the 2 s silence, then one after it.
        AppOutput output = run(client, primary.baseUrl(), "4,pause:2500,1");

        assertCompleted(output);
        assertAnsweredBy(backup, client, output, 1, 2, 3, 4, 5);
        assertMarkedAsServedBy(backup, client, output, 1, 2, 3, 4, 5);
        assertRequestCount(5, backup, output);
        assertRequestCount(2, primary, output);
    }

    @ParameterizedTest
    @MethodSource("io.llmfailover.e2e.ClientCall#openAiChat")
    void theBackupGetsItsOwnKeyAndModelAndNeverTheAppsKey(ClientCall client) throws Exception {
        primary.failing(Failure.OVERLOADED);

        AppOutput output = run(client, primary.baseUrl(), "1");

        assertCompleted(output);
        assertAnsweredBy(backup, client, output, 1);
        List<LoggedRequest> received = backup.chatRequests();
        assertEquals(1, received.size(), output::describe);
        LoggedRequest request = received.get(0);
        String seen = "headers the backup received: " + request.getAllHeaderKeys() + output.describe();
        assertAll(
                () -> assertEquals("Bearer " + BACKUP_KEY, request.getHeader("Authorization"), seen),
                () -> assertFalse(allHeaderValues(request).contains(APP_KEY), "the app's key reached the backup"),
                () -> assertFalse(request.getBodyAsString().contains(APP_KEY), "the app's key is in the backup's body"),
                () -> assertTrue(request.getBodyAsString().contains("\"" + BACKUP_MODEL + "\""),
                        "the backup's model replaces the app's: " + request.getBodyAsString()));
        assertAppCredential(client, APP_KEY, primary.chatRequests().get(0), output);
    }

    @ParameterizedTest
    @MethodSource("io.llmfailover.e2e.ClientCall#openAiChat")
    void theBreakerOpensAfterThreeFailuresAndAProbeClosesItOnceThePrimaryRecovers(ClientCall client)
            throws Exception {
        primary.failingThenRecovering(3, Failure.OVERLOADED);

        // Calls 1-3 fail on the primary and open its breaker; 4-5 skip it; after the 1 s open
        // duration, call 6 is the probe that finds it recovered and closes the breaker; 7 follows.
        AppOutput output = run(client, primary.baseUrl(), "5,pause:1500,2");

        assertCompleted(output);
        assertAnsweredBy(backup, client, output, 1, 2, 3, 4, 5);
        assertMarkedAsServedBy(backup, client, output, 1, 2, 3, 4, 5);
        assertAnsweredBy(primary, client, output, 6, 7);
        assertRequestCount(5, backup, output);
        assertRequestCount(3 + 2, primary, output);
    }

    private AppOutput run(ClientCall client, String appBaseUrl, String plan) throws Exception {
        Path configFile = config().writeTo(workDir.resolve("llm-failover-e2e.properties"));
        return client.launch(workDir, appBaseUrl, APP_KEY, plan)
                .withAgent(configFile)
                .env(BACKUP_KEY_VARIABLE, BACKUP_KEY)
                .run();
    }

    private ConfigFile config() {
        return ConfigFile.primaryFallingOverTo(primary.baseUrl(), backup.baseUrl())
                .set("provider.backup.api-key", "${" + BACKUP_KEY_VARIABLE + "}")
                .set("provider.backup.model.*", BACKUP_MODEL)
                .set("breaker.consecutive-failures", 3)
                .set("breaker.open-duration", "1s")
                .set("breaker.half-open-probes", 1)
                .set("timeout.first-byte", "5s")
                // A blocking call's head only comes after the whole answer: its own deadline.
                .set("timeout.head", "5s");
    }

    private static String allHeaderValues(LoggedRequest request) {
        StringBuilder values = new StringBuilder();
        for (String name : request.getAllHeaderKeys()) {
            values.append(request.getHeaders().getHeader(name).values()).append('\n');
        }
        return values.toString();
    }
}
