package io.llmfailover.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.e2e.apps.LateAttachApp;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/** The agent attached to a running app retransforms the client classes the app loaded before it. */
@Isolated
class LateAttachTest {

    @TempDir
    Path workDir;

    @Test
    void anAgentAttachedLateGovernsTheJdkClientTheAppMadeBeforeIt() throws Exception {
        try (StubProvider primary = StubProvider.answering("primary");
                StubProvider backup = StubProvider.answering("backup")) {
            primary.rateLimited(Duration.ofSeconds(30));
            Path file = ConfigFile.primaryFallingOverTo(primary.baseUrl(), backup.baseUrl())
                    .writeTo(workDir.resolve("llm-failover-late-attach.properties"));

            AppOutput output = ChildJvm.of(LateAttachApp.class, workDir)
                    .jvmArg("-Djdk.attach.allowAttachSelf=true")
                    .args(AgentJar.locate().toString(), "config=" + file.toAbsolutePath(), primary.baseUrl())
                    .run();

            assertTrue(output.completed(), output::describe);
            String answer = output.stdoutLines().stream().filter(line -> line.startsWith("STATUS ")).findFirst().orElse("");
            assertTrue(answer.startsWith("STATUS 200 ") && answer.contains(backup.content()),
                    () -> "the call fell over to the backup" + output.describe());
            assertEquals(1, primary.chatRequests().size(), output::describe);
        }
    }
}
