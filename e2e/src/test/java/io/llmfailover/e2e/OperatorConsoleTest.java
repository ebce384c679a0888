package io.llmfailover.e2e;

import static io.llmfailover.e2e.AppAssertions.assertAnsweredBy;
import static io.llmfailover.e2e.AppAssertions.assertCompleted;
import static io.llmfailover.e2e.AppAssertions.assertRequestCount;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The operator's view of a running app: its JMX MBeans (invoked from inside the app's JVM, as
 * jconsole would over a remote connection) take a provider out and put it back, and the status
 * page, on demand and in the log every {@code status.interval}, says what each provider is doing.
 */
class OperatorConsoleTest {

    private static final String APP_KEY = "sk-app-operator-0123456789";
    private static final String BACKUP_KEY = "sk-backup-operator-9876543210";

    @TempDir
    Path workDir;

    private StubProvider primary;
    private StubProvider backup;

    @BeforeEach
    void start() {
        primary = StubProvider.answering("primary");
        backup = StubProvider.answering("backup");
    }

    @AfterEach
    void stop() {
        primary.close();
        backup.close();
    }

    @Test
    void anMBeanTakesAHealthyPrimaryOutAndPutsItBack() throws Exception {
        ClientCall client = ClientCall.JDK_BLOCKING;

        AppOutput output = run(client, "1,jmx:forceOpen:primary,3,jmx:statusPage,jmx:forceClose:primary,1", config());

        assertCompleted(output);
        assertAnsweredBy(primary, client, output, 1, 5);
        assertAnsweredBy(backup, client, output, 2, 3, 4);
        assertRequestCount(2, primary, output);
        assertRequestCount(3, backup, output);
        List<String> page = output.stdoutLines().stream().filter(line -> line.startsWith("STATUS ")).toList();
        System.out.println("The status page an operator got over JMX, with the primary taken out:");
        page.forEach(line -> System.out.println("  " + line.substring("STATUS ".length())));
        assertTrue(page.get(0).matches("STATUS llm-failover status at \\S+: 2 providers, 1 not closed"), page.toString());
        assertTrue(page.stream().anyMatch(line -> line.matches("STATUS   primary +OPEN \\(forced\\) +in flight 0  no failure")),
                page.toString());
        assertTrue(page.stream().anyMatch(line -> line.matches("STATUS   backup +CLOSED +in flight 0  no failure")),
                page.toString());
        assertTrue(output.stderrLines().stream().anyMatch(line -> line.contains("primary taken out by an operator")),
                output::describe);
        assertTrue(output.stderrLines().stream().anyMatch(line -> line.contains("primary put back by an operator")),
                output::describe);
        assertFalse(String.join("\n", page).contains(BACKUP_KEY) || String.join("\n", page).contains(APP_KEY));
    }

    /**
     * With no call made, the agent's engine is built when the view goes up (10 s after start), so an
     * operator can take a provider out before the app's first call.
     */
    @Test
    void anOperatorTakesThePrimaryOutBeforeTheFirstCall() throws Exception {
        ClientCall client = ClientCall.JDK_BLOCKING;

        AppOutput output = run(client, "jmx:forceOpen:primary,1", config());

        assertCompleted(output);
        assertAnsweredBy(backup, client, output, 1);
        assertRequestCount(0, primary, output);
        assertRequestCount(1, backup, output);
    }

    @Test
    void theStatusPageIsLoggedEveryIntervalWithKeyIdsOnly() throws Exception {
        primary.rateLimited(java.time.Duration.ofSeconds(30));

        AppOutput output = run(ClientCall.JDK_BLOCKING, "1,pause:2500", config().set("status.interval", "1s"));

        assertCompleted(output);
        assertAnsweredBy(backup, ClientCall.JDK_BLOCKING, output, 1);
        String log = String.join("\n", output.stderrLines());
        assertTrue(log.contains("llm-failover status at"), output::describe);
        assertTrue(output.stderrLines().stream().anyMatch(line ->
                line.matches(".* llm-failover: {3}primary +CLOSED +in flight 0  last failure \\S+ rate_limited")), output::describe);
        assertTrue(output.stderrLines().stream().anyMatch(line -> line.matches(".* llm-failover: {5}key \\S+: limit \\d+, in flight 0, silenced for \\S+ s")),
                output::describe);
        assertFalse(log.contains(APP_KEY) || log.contains(BACKUP_KEY), "keys never appear in the log");
    }

    private AppOutput run(ClientCall client, String plan, ConfigFile config) throws Exception {
        Path configFile = config.writeTo(workDir.resolve("llm-failover-e2e.properties"));
        return client.launch(workDir, primary.baseUrl(), APP_KEY, plan)
                .withAgent(configFile)
                .env("E2E_BACKUP_KEY", BACKUP_KEY)
                .run();
    }

    private ConfigFile config() {
        return ConfigFile.primaryFallingOverTo(primary.baseUrl(), backup.baseUrl())
                .set("provider.backup.api-key", "${E2E_BACKUP_KEY}")
                .set("otel.sdk.disabled", "true");
    }
}
