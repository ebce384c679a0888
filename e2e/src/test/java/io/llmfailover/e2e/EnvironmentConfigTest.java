package io.llmfailover.e2e;

import static io.llmfailover.e2e.AppAssertions.assertAnsweredBy;
import static io.llmfailover.e2e.AppAssertions.assertCompleted;
import static io.llmfailover.e2e.AppAssertions.assertRequestCount;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.e2e.StubProvider.Failure;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An app whose agent is configured by {@code LLM_FAILOVER_<KEY>} variables, as a container is: with no
 * file at all, and over a file whose key a variable overrides. The primary is overloaded; the call goes
 * to the backup with the backup's key, the one the environment gave. The agent's lines are JSON when a
 * variable asks for it.
 */
class EnvironmentConfigTest {

    private static final String APP_KEY = "sk-app-e2e-environment";
    private static final String BACKUP_KEY = "sk-backup-e2e-from-the-environment";

    @TempDir
    Path workDir;

    private StubProvider primary;
    private StubProvider backup;

    @BeforeEach
    void startProviders() {
        primary = StubProvider.answering("primary").failing(Failure.OVERLOADED);
        backup = StubProvider.answering("backup");
    }

    @AfterEach
    void stopProviders() {
        primary.close();
        backup.close();
    }

    @Test
    void withNoFileTheEnvironmentAloneConfiguresTheFailover() throws Exception {
        AppOutput output = ClientCall.JDK_BLOCKING.launch(workDir, primary.baseUrl(), APP_KEY, "1")
                .withAgentAndNoConfig()
                .env("LLM_FAILOVER_PROVIDER_PRIMARY_URL", primary.baseUrl())
                .env("LLM_FAILOVER_PROVIDER_BACKUP_URL", backup.baseUrl())
                .env("LLM_FAILOVER_PROVIDER_BACKUP_API_KEY", BACKUP_KEY)
                .env("LLM_FAILOVER_ROUTE_CHAT_MATCH", "primary")
                .env("LLM_FAILOVER_ROUTE_CHAT_CHAIN", "primary, backup")
                .env("LLM_FAILOVER_AGENT_LOG_FORMAT", "json")
                .run();

        assertServedByTheBackupWithTheEnvironmentsKey(output);
        assertTrue(String.join("\n", output.stderrLines()).contains("\"message\":\"llm-failover: started with no config file"
                + " (2 providers, 1 route; from the environment: 6 keys); state local;"), output::describe);
        List<String> agentLines = output.stderrLines().stream().filter(line -> line.contains("llm-failover")).toList();
        assertFalse(agentLines.isEmpty(), output::describe);
        assertTrue(agentLines.stream().allMatch(line -> line.startsWith("{\"time\":\"") && line.endsWith("}")),
                () -> "agent.log.format = json: one object per line" + output.describe());
    }

    @Test
    void aVariableOverridesTheFilesKey() throws Exception {
        Path file = ConfigFile.primaryFallingOverTo(primary.baseUrl(), backup.baseUrl())
                .set("provider.backup.api-key", "sk-stale-key-in-the-file")
                .writeTo(workDir.resolve("llm-failover-e2e.properties"));

        AppOutput output = ClientCall.JDK_BLOCKING.launch(workDir, primary.baseUrl(), APP_KEY, "1")
                .withAgent(file)
                .env("LLM_FAILOVER_PROVIDER_BACKUP_API_KEY", BACKUP_KEY)
                .run();

        assertServedByTheBackupWithTheEnvironmentsKey(output);
        assertTrue(String.join("\n", output.stderrLines()).contains("(2 providers, 1 route; from the environment: 1 key)"), output::describe);
    }

    /** A config that cannot be used is said as a JSON line when a variable asks for JSON, naming the variable, never its value. */
    @Test
    void aBadVariableIsReportedInJsonByItsNameAndTheAppRunsWithoutTheAgent() throws Exception {
        AppOutput output = ClientCall.JDK_BLOCKING.launch(workDir, backup.baseUrl(), APP_KEY, "1")
                .withAgentAndNoConfig()
                .env("LLM_FAILOVER_AGENT_LOG_FORMAT", "json")
                .env("LLM_FAILOVER_PROVIDER_MY_BACKUP_API_KEY", BACKUP_KEY)
                .run();

        assertCompleted(output);
        assertAnsweredBy(backup, ClientCall.JDK_BLOCKING, output, 1);
        List<String> agentLines = output.stderrLines().stream().filter(line -> line.contains("llm-failover")).toList();
        assertTrue(agentLines.stream().anyMatch(line -> line.startsWith("{\"time\":\"") && line.contains("\"level\":\"ERROR\"")
                && line.contains("environment variable LLM_FAILOVER_PROVIDER_MY_BACKUP_API_KEY: cannot tell whether each _")),
                output::describe);
        assertTrue(agentLines.stream().allMatch(line -> line.startsWith("{\"time\":\"")), output::describe);
        assertFalse(String.join("\n", output.stderrLines()).contains(BACKUP_KEY), "a key from the environment was written to the log");
    }

    private void assertServedByTheBackupWithTheEnvironmentsKey(AppOutput output) {
        assertCompleted(output);
        assertAnsweredBy(backup, ClientCall.JDK_BLOCKING, output, 1);
        assertRequestCount(1, primary, output);
        assertRequestCount(1, backup, output);
        assertEquals("Bearer " + BACKUP_KEY, backup.chatRequests().get(0).getHeader("Authorization"), output::describe);
        assertFalse(String.join("\n", output.stderrLines()).contains(BACKUP_KEY), "a key from the environment was written to the log");
    }
}
