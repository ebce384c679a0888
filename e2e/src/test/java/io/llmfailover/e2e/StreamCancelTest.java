package io.llmfailover.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.e2e.apps.CancellingStreamApp;
import io.llmfailover.e2e.apps.VertxCancellingStreamApp;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code stream.resume = true} never acts for an app that gave up: an unmodified app cancels its
 * stream once the first text arrived (OkHttp's {@code call.cancel()}, a reactive subscription
 * cancelled), and the backup, which would finish a broken stream, is sent nothing; no text reaches
 * the app after its cancel.
 */
class StreamCancelTest {

    private static final String APP_KEY = "sk-app-cancel-0123456789";

    @TempDir
    Path workDir;

    private BrokenStreamProvider primary;
    private StubProvider backup;

    @BeforeEach
    void start() throws Exception {
        primary = BrokenStreamProvider.stallingAfter("Hello", ", wor");
        backup = StubProvider.answering("backup");
    }

    @AfterEach
    void stop() throws Exception {
        primary.close();
        backup.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"okhttp", "reactor-netty", "webclient", "vertx"})
    void aStreamTheAppCancelledIsNotFinishedByTheBackup(String client) throws Exception {
        Path configFile = ConfigFile.primaryFallingOverTo(primary.baseUrl(), backup.baseUrl())
                .set("provider.backup.api-key", "sk-backup-cancel")
                .set("stream.resume", "true")
                .writeTo(workDir.resolve("llm-failover-e2e.properties"));
        ChildJvm app = client.equals("vertx")
                ? ChildJvm.of(VertxCancellingStreamApp.class, workDir).classPath(ClientCall.vertxClassPath())
                        .args(primary.baseUrl(), APP_KEY)
                : ChildJvm.of(CancellingStreamApp.class, workDir).args(client, primary.baseUrl(), APP_KEY);

        AppOutput output = app.withAgent(configFile).run();

        assertTrue(output.stdoutLines().contains("DONE"), output::describe);
        assertTrue(output.stdoutLines().contains("CANCELLED call=1"), output::describe);
        assertEquals("Hello", String.join("", output.chunks(1)), "nothing reaches the app after its cancel" + output.describe());
        assertEquals(1, primary.requests(), output::describe);
        assertEquals(0, backup.chatRequests().size(), "the app's cancel is not a break to finish" + output.describe());
        assertTrue(output.stderrLines().stream().noneMatch(line -> line.contains("the next provider finished it")
                || line.contains("broke off after reaching the app")), output::describe);
    }
}
