package io.llmfailover.e2e;

import static io.llmfailover.e2e.AppAssertions.assertCompleted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.e2e.OtlpReceiver.ScopedSpan;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * A drill in an unmodified app: the operator turns a healthy primary into a source of 429s for a
 * quarter of its attempts, and the app sees no failure: every drilled attempt is answered by the
 * backup, none of them reaches the primary, and each is marked on its span. A drilled 429 counts as
 * a real one: it silences the primary's key for a second, as the throttle does for any 429.
 */
class OutageDrillTest {

    private static final String APP_KEY = "sk-app-drill-0123456789";
    private static final int CALLS = 40;

    @TempDir
    Path workDir;

    private StubProvider primary;
    private StubProvider backup;
    private OtlpReceiver receiver;

    @BeforeEach
    void start() throws Exception {
        primary = StubProvider.answering("primary");
        backup = StubProvider.answering("backup");
        receiver = new OtlpReceiver();
    }

    @AfterEach
    void stop() {
        primary.close();
        backup.close();
        receiver.close();
    }

    @ParameterizedTest
    @EnumSource(value = ClientCall.class, names = {"JDK_BLOCKING", "SDK_STREAM"})
    void aQuarterOfThePrimarysAttemptsDrilledAs429sAndTheAppSeesNoFailure(ClientCall client) throws Exception {
        Path configFile = ConfigFile.primaryFallingOverTo(primary.baseUrl(), backup.baseUrl())
                .set("provider.backup.api-key", "sk-backup-drill")
                .set("drill.enabled", "true")
                .set("drill.primary.fault", "429:25%")
                .writeTo(workDir.resolve("llm-failover-e2e.properties"));

        AppOutput output = client.launch(workDir, primary.baseUrl(), APP_KEY, String.valueOf(CALLS))
                .withAgent(configFile)
                .env("OTEL_EXPORTER_OTLP_ENDPOINT", receiver.endpoint())
                .env("OTEL_BSP_SCHEDULE_DELAY", "100")
                .run();

        assertCompleted(output);
        assertEquals(CALLS, output.results().size(), output::describe);
        assertTrue(output.errors().isEmpty(), output::describe);
        output.results().forEach(result -> assertEquals(200, result.status(), output::describe));
        int toPrimary = primary.chatRequests().size();
        int toBackup = backup.chatRequests().size();
        assertEquals(CALLS, toPrimary + toBackup, "a drilled attempt is never sent; every call is sent once" + output.describe());
        assertTrue(output.stderrLines().stream().anyMatch(line -> line.contains("DRILL ON")
                && line.contains("primary 429 on 25% of attempts")), output::describe);

        List<ScopedSpan> drilled = receiver.spans().stream()
                .filter(span -> "429".equals(span.attributes().get("llm_failover.drill")))
                .toList();
        // A drilled 429 silences the primary's key as a real one does (1 s without Retry-After): the
        // calls of that second go to the backup undrilled.
        assertTrue(drilled.size() >= 1 && drilled.size() <= toBackup,
                drilled.size() + " drilled attempts, " + toBackup + " calls to the backup: " + receiver.spans());
        drilled.forEach(span -> assertEquals("attempt primary", span.name()));
        assertFalse(receiver.spans().stream().anyMatch(span -> span.name().equals("attempt backup")
                && span.attributes().containsKey("llm_failover.drill")), "the backup was not drilled");
    }
}
