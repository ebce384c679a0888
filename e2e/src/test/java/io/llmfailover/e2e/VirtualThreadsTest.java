package io.llmfailover.e2e;

import static io.llmfailover.e2e.AppAssertions.assertCompleted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.e2e.StubProvider.Failure;
import io.llmfailover.e2e.apps.VirtualThreadsApp;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * Virtual threads (JDK 21+; runs in the JDK 25 pass only, see e2e/pom.xml): calls that fail over
 * through the agent never pin a carrier thread in agent code while they wait.
 */
@Isolated
class VirtualThreadsTest {

    private static final int CALLS = 40;

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
    void failingOverFromVirtualThreadsNeverPinsACarrierInAgentCode() throws Exception {
        Path config = ConfigFile.primaryFallingOverTo(primary.baseUrl(), backup.baseUrl())
                .set("breaker.consecutive-failures", 1000)
                .writeTo(workDir.resolve("llm-failover-e2e.properties"));

        AppOutput output = ChildJvm.of(VirtualThreadsApp.class, workDir)
                .args(primary.baseUrl(), "sk-app-virtual", Integer.toString(CALLS))
                .withAgent(config)
                .run();

        assertCompleted(output);
        assertEquals(CALLS, output.results().size(), output::describe);
        assertTrue(output.results().stream().allMatch(result -> result.status() == 200
                && "backup".equals(result.provider())), output::describe);
        assertTrue(output.stdoutLines().contains("PINNED count=" + pinnedCount(output) + " agent=0"), output::describe);
    }

    private static String pinnedCount(AppOutput output) {
        return output.stdoutLines().stream()
                .filter(line -> line.startsWith("PINNED count="))
                .map(line -> line.substring("PINNED count=".length(), line.indexOf(' ', "PINNED count=".length())))
                .findFirst()
                .orElse("?");
    }
}
