package io.llmfailover.e2e;

import static io.llmfailover.e2e.AppAssertions.assertAnsweredBy;
import static io.llmfailover.e2e.AppAssertions.assertCompleted;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.e2e.StubProvider.Failure;
import io.llmfailover.e2e.apps.SteadyTrafficApp;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An operator edits the properties file of a running app: the edit takes effect within
 * {@code config.reload}, with no restart and no call lost while it happens.
 */
class LiveReloadTest {

    private static final String APP_KEY = "sk-app-reload-0123456789";

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
    void aFallbackAddedUnderLoadServesTheCallsOnceThePrimaryFailsAndNoCallFails() throws Exception {
        Path configFile = workDir.resolve("llm-failover-e2e.properties");
        config("primary", "200ms").writeTo(configFile);
        Duration traffic = Duration.ofSeconds(5);

        // 40 calls a second on 32 threads, half through the JDK HttpClient, half through OkHttp.
        CompletableFuture<AppOutput> app = CompletableFuture.supplyAsync(() -> {
            try {
                return ChildJvm.of(SteadyTrafficApp.class, workDir)
                        .args(primary.baseUrl(), APP_KEY, "40", Long.toString(traffic.toMillis()),
                                Long.toString(traffic.toMillis()), Long.toString(traffic.toMillis()))
                        .withAgent(configFile)
                        .env("E2E_BACKUP_KEY", "sk-backup-reload")
                        .timeout(Duration.ofSeconds(90))
                        .run();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        awaitRequests(primary, 30);
        config("primary, backup", "200ms").writeTo(configFile); // calls in flight: the edit lands among them
        Thread.sleep(1_000); // five reload intervals
        primary.failing(Failure.OVERLOADED);
        AppOutput output = app.get(120, TimeUnit.SECONDS);

        assertCompleted(output);
        String steady = ReportLines.first(output, "STEADY ");
        assertTrue(steady.matches("STEADY calls=(\\d+) ok=\\1 failed=0 .*"), "every call succeeds: " + steady + output.describe());
        assertTrue(output.errors().isEmpty(), output::describe);
        assertTrue(backup.chatRequests().size() > 0, "the added fallback served the calls the primary failed" + output.describe());
        assertTrue(output.stderrLines().stream().anyMatch(line -> line.contains("llm-failover: reloaded " + configFile)),
                output::describe);
    }

    /**
     * The agent builds its engine ahead of the first call, as the app loads its client: an edit made
     * after that, before the first call, applies to that call once the watch has seen it
     * ({@code config.reload}), as any edit does.
     */
    @Test
    void anEditMadeBeforeTheFirstCallAppliesToIt() throws Exception {
        Path configFile = workDir.resolve("llm-failover-e2e.properties");
        config("primary", "1s").writeTo(configFile);
        primary.failing(Failure.OVERLOADED);
        ClientCall client = ClientCall.JDK_BLOCKING;

        CompletableFuture<AppOutput> app = CompletableFuture.supplyAsync(() -> {
            try {
                return client.launch(workDir, primary.baseUrl(), APP_KEY, "pause:6000,1")
                        .withAgent(configFile)
                        .env("E2E_BACKUP_KEY", "sk-backup-reload")
                        .run();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        Thread.sleep(3_000); // the app is started, its agent has read the file, and the call is 3 s away
        config("primary, backup", "1s").writeTo(configFile);
        AppOutput output = app.get(120, TimeUnit.SECONDS);

        assertCompleted(output);
        assertAnsweredBy(backup, client, output, 1);
        assertTrue(output.stderrLines().stream().anyMatch(line -> line.contains("llm-failover: reloaded " + configFile)
                || line.contains(configFile + " was edited since start")), output::describe);
    }

    private ConfigFile config(String chain, String reload) {
        return ConfigFile.create()
                .set("provider.primary.url", primary.baseUrl())
                .set("provider.primary.protocol", "openai")
                .set("provider.backup.url", backup.baseUrl())
                .set("provider.backup.protocol", "openai")
                .set("provider.backup.api-key", "${E2E_BACKUP_KEY}")
                .set("route.main.match", "primary")
                .set("route.main.chain", chain)
                .set("config.reload", reload)
                .set("otel.sdk.disabled", "true");
    }

    private static void awaitRequests(StubProvider stub, int count) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (stub.chatRequests().size() < count && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
    }
}
